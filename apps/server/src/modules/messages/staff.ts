import type { Conversation } from '@evcharge/api/admin/support';
import { AppError } from '@evcharge/domain/errors';
import { canAnswerSupport } from '@evcharge/domain/support';
import type { Auth } from '../../plugins/auth';
import { listCars } from '../cars';
import { longPoll, sessionsForSupport, type PollWait } from '../sessions';
import { findUserById, userView } from '../users';
import { prepareFiles } from './files';
import * as repo from './repo';
import {
  appendMessage,
  conversationPage,
  messageSummary,
  POLL_PAGE,
  SUPPORT_INBOX_KEY,
  type MessageDeps,
} from './service';
import { toMessages } from './view';

// SPEC §6 support staff: the console's side of the chat. Staff roles live on the user's row
// (users.staff_role), loaded afresh for every request of these routes (no cached
// authentication), so a role taken away holds at once. Anyone who may not answer the chat
// (a driver, a moderator) gets NOT_FOUND, as for a route that does not exist.

/** The inbox, a page at a time. */
export const INBOX_PAGE_SIZE = 30;
/** The latest sessions shown beside a conversation, a running one among them. */
export const CONTEXT_LAST_SESSIONS = 5;

/** Who is signed in to the console: any staff role; a driver gets NOT_FOUND. */
export function staffSelf(auth: Auth) {
  const role = auth.user.staffRole ?? null;
  if (!role) throw new AppError('NOT_FOUND');
  return { id: auth.user.id, name: auth.user.name, email: auth.user.email, role };
}

/** The caller answers the support chat (support, admin); anyone else gets NOT_FOUND. */
export function requireSupport(auth: Auth): string {
  requireSupportRole(auth.user.staffRole);
  return auth.user.id;
}

/** `requireSupport` by the role alone: the console's long poll keeps no user's row. */
export function requireSupportRole(role: Auth['user']['staffRole']): void {
  if (!canAnswerSupport(role ?? null)) throw new AppError('NOT_FOUND');
}

/** Support staff may have any conversation's files. */
export function isSupport(auth: Auth | null): boolean {
  return auth !== null && canAnswerSupport(auth.user.staffRole ?? null);
}

/** The driver behind a conversation; an unknown (or deleted) one is NOT_FOUND. */
async function driverOf(deps: MessageDeps, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  return user;
}

/** Unanswered conversations first (longest waiting first), then the latest. */
export async function inbox(deps: MessageDeps, page: number) {
  const { rows, total, waiting, cursor } = await repo.inboxPage(deps.db, {
    limit: INBOX_PAGE_SIZE,
    offset: (page - 1) * INBOX_PAGE_SIZE,
  });
  const unread = await repo.unreadBySupport(
    deps.db,
    rows.map((row) => row.user.id),
  );
  const items: Conversation[] = rows.map(({ conversation, user }) => ({
    user,
    waitingSince: conversation.waitingSince?.toISOString() ?? null,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    lastText: conversation.lastText,
    lastAuthor: conversation.lastAuthor,
    unread: unread.get(user.id) ?? 0,
    hasFeedback: conversation.waitingFeedback,
  }));
  return { items, total, waiting, cursor };
}

/** The driver's profile, cars and sessions, as the console shows them beside the chat. */
export async function conversationContext(deps: MessageDeps, userId: string) {
  const user = await driverOf(deps, userId);
  const [profile, cars, sessions] = await Promise.all([
    userView(deps.db, user),
    listCars(deps.db, userId),
    sessionsForSupport(deps.db, userId, deps.now(), CONTEXT_LAST_SESSIONS),
  ]);
  return { user: profile, cars, ...sessions };
}

/** A page of a driver's conversation, and how far the driver has read support's messages. */
export async function conversationMessages(
  deps: MessageDeps,
  userId: string,
  query: { before?: number | undefined; limit: number },
) {
  await driverOf(deps, userId);
  const { conversation, page } = await conversationPage(deps, userId, query);
  return { ...page, readUpTo: conversation?.userReadSeq ?? 0 };
}

/**
 * Support answers a driver: the conversation stops waiting, and the driver hears of it
 * (the user event `supportAnswered`, pushed to their devices; one per message).
 */
export async function answer(
  deps: MessageDeps,
  staffUserId: string,
  userId: string,
  body: { text: string; files: readonly { name: string; data: string }[] },
) {
  await driverOf(deps, userId);
  const files = await prepareFiles(body.files);
  const { message } = await appendMessage(deps, {
    userId,
    author: 'support',
    kind: 'message',
    staffUserId,
    sessionId: null,
    text: body.text,
    files,
  });
  await deps.userEvents.record({
    userId,
    type: 'supportAnswered',
    dedupeKey: message.id,
    data: {
      messageId: message.id,
      seq: message.seq,
      text: messageSummary(
        message.text,
        message.files.map((file) => file.name),
      ),
    },
  });
  return message;
}

/** Support read the driver's messages up to `upTo`: the driver's read marks follow. */
export async function readBySupport(deps: MessageDeps, userId: string, upTo: number) {
  await driverOf(deps, userId);
  await repo.markRead(deps.db, 'support', userId, upTo, deps.now());
  deps.chargeEvents.notify(userId);
  return { count: (await repo.unreadBySupport(deps.db, [userId])).get(userId) ?? 0 };
}

/** The console's poll: every conversation's messages after the cursor. */
export async function pollSupport(deps: MessageDeps, cursor: number, wait: PollWait) {
  return longPoll(deps.chargeEvents, SUPPORT_INBOX_KEY, wait, async () => {
    const rows = await repo.messagesAfter(deps.db, null, cursor, POLL_PAGE);
    const messages = await toMessages(deps.db, rows, deps.now());
    return {
      answer: {
        cursor: rows.at(-1)?.seq ?? cursor,
        items: messages.map((message, index) => ({ ...message, userId: rows[index]!.userId })),
      },
      ready: rows.length > 0,
    };
  });
}
