import type { Message } from '@evcharge/api/messages/messages';
import { AppError } from '@evcharge/domain/errors';
import {
  SUPPORT_NOTICE_REPEAT_HOURS,
  SUPPORT_SESSION_RECENT_HOURS,
  supportHours,
  type MessageKind,
  type SupportSchedule,
} from '@evcharge/domain/support';
import type { Deps } from '../../deps';
import { longPoll, type PollWait, type QuietLooks } from '../sessions';
import { prepareFiles } from './files';
import * as repo from './repo';
import type { ConversationRow, NewFile } from './repo';
import { supportHoursView, toMessages } from './view';

// SPEC §7 Messages and feedback: the driver's side of the support chat. Every message goes in
// under the messages' lock with its conversation's inbox row (repo.inMessageTransaction), and
// then wakes the long polls of its driver and of the support console.

export type MessageDeps = Pick<Deps, 'db' | 'now' | 'chargeEvents' | 'userEvents'>;

const HOUR_MS = 3_600_000;

/**
 * The bus key the support console's polls wait on (the drivers' polls wait on their user id).
 * The charge events' bus carries it, over LISTEN/NOTIFY between instances on PostgreSQL.
 */
export const SUPPORT_INBOX_KEY = 'support:inbox';

/** Wakes the driver's polls and the console's after a change committed. */
export function wakePolls(deps: Pick<MessageDeps, 'chargeEvents'>, userId: string): void {
  deps.chargeEvents.notify(userId);
  // Not `notify`: the inbox is no driver (the roaming pushes follow drivers' news).
  deps.chargeEvents.wake(SUPPORT_INBOX_KEY);
}

/** A message in one line (the inbox, a push): its text, or else its files' names. */
export function messageSummary(text: string, fileNames: readonly string[]): string {
  return text || fileNames.join(', ');
}

export type NewChatMessage = {
  userId: string;
  author: 'user' | 'support';
  kind: Exclude<MessageKind, 'notice'>;
  staffUserId: string | null;
  sessionId: string | null;
  text: string;
  files: readonly NewFile[];
  /** The hours of the driver's brand (SPEC §1), for the closed-hours notice; the SPEC's by default. */
  schedule?: SupportSchedule;
};

/**
 * Adds a message to the driver's conversation and keeps the inbox's row with it: the driver's
 * message waits (from the first unanswered one) until support answers. When the driver writes
 * while support is closed (SPEC §1 hours) the service's notice follows, at most once in
 * SUPPORT_NOTICE_REPEAT_HOURS. Answers both as the chat shows them.
 */
export async function appendMessage(
  deps: MessageDeps,
  input: NewChatMessage,
): Promise<{ message: Message; notice: Message | null }> {
  const now = deps.now();
  const ids = await repo.inMessageTransaction(deps.db, async (tx) => {
    const conversation = await repo.findConversation(tx, input.userId);
    const { message } = await repo.insertMessage(
      tx,
      {
        userId: input.userId,
        author: input.author,
        kind: input.kind,
        staffUserId: input.staffUserId,
        sessionId: input.sessionId,
        text: input.text,
        createdAt: now,
      },
      input.files,
    );
    const notice = noticeDue(input.author, conversation, now, input.schedule)
      ? (
          await repo.insertMessage(
            tx,
            {
              userId: input.userId,
              author: 'system',
              kind: 'notice',
              staffUserId: null,
              sessionId: null,
              text: '',
              createdAt: now,
            },
            [],
          )
        ).message
      : null;
    const byDriver = input.author === 'user';
    await repo.saveConversation(tx, input.userId, {
      lastSeq: (notice ?? message).seq,
      lastMessageAt: now,
      lastText: messageSummary(
        input.text,
        input.files.map((file) => file.fileName),
      ),
      lastAuthor: input.author,
      waitingSince: byDriver ? (conversation?.waitingSince ?? now) : null,
      waitingFeedback: byDriver
        ? (conversation?.waitingSince ? conversation.waitingFeedback : false) ||
          input.kind === 'feedback'
        : false,
      lastNoticeAt: notice ? now : (conversation?.lastNoticeAt ?? null),
    });
    return notice ? [message.id, notice.id] : [message.id];
  });
  wakePolls(deps, input.userId);
  const [message, notice] = await toMessages(
    deps.db,
    await repo.messagesByIds(deps.db, ids),
    deps.now(),
  );
  if (!message) throw new Error('appended message missing');
  return { message, notice: notice ?? null };
}

function noticeDue(
  author: NewChatMessage['author'],
  conversation: ConversationRow | undefined,
  now: Date,
  schedule?: SupportSchedule,
): boolean {
  if (author !== 'user' || supportHours(now, schedule).open) return false;
  const last = conversation?.lastNoticeAt;
  return !last || now.getTime() - last.getTime() >= SUPPORT_NOTICE_REPEAT_HOURS * HOUR_MS;
}

/**
 * The session a driver's message is about: the one they name (their own, else NOT_FOUND), or
 * the one running now, or the one that ended within SUPPORT_SESSION_RECENT_HOURS.
 */
async function sessionOfMessage(
  deps: MessageDeps,
  userId: string,
  transactionId: number | undefined,
): Promise<string | null> {
  if (transactionId !== undefined) {
    const id = await repo.ownSessionId(deps.db, userId, transactionId);
    if (!id) throw new AppError('NOT_FOUND');
    return id;
  }
  const since = new Date(deps.now().getTime() - SUPPORT_SESSION_RECENT_HOURS * HOUR_MS);
  return (await repo.currentOrRecentSessionId(deps.db, userId, since)) ?? null;
}

export type DriverMessage = {
  text: string;
  kind: 'message' | 'feedback';
  transactionId?: number | undefined;
  files?: readonly { name: string; data: string }[];
};

/** The support of the driver's brand: its hours and how soon it answers (SPEC §1). */
export type BrandSupport = { schedule: SupportSchedule; answerMinutes: number };

/** The driver writes to support (with files): every file checked before anything is stored. */
export async function sendDriverMessage(
  deps: MessageDeps,
  userId: string,
  body: DriverMessage,
  support?: BrandSupport,
) {
  const files = await prepareFiles(body.files ?? []);
  const sessionId = await sessionOfMessage(deps, userId, body.transactionId);
  return appendMessage(deps, {
    userId,
    author: 'user',
    kind: body.kind,
    staffUserId: null,
    sessionId,
    text: body.text,
    files,
    schedule: support?.schedule,
  });
}

/** A page of the driver's conversation, the cursor to poll after, and the support hours. */
/**
 * A page of a conversation before a seq, and the cursor to subscribe after: read first, so a
 * message written between the two reads comes again, never goes missing.
 */
export async function conversationPage(
  deps: MessageDeps,
  userId: string,
  query: { before?: number | undefined; limit: number },
) {
  const conversation = await repo.findConversation(deps.db, userId);
  const page = await repo.messagesBefore(deps.db, userId, query.before, query.limit);
  return {
    conversation,
    page: {
      items: await toMessages(deps.db, page.rows, deps.now()),
      hasMore: page.hasMore,
      cursor: conversation?.lastSeq ?? 0,
    },
  };
}

export async function driverMessages(
  deps: MessageDeps,
  userId: string,
  query: { before?: number | undefined; limit: number },
  support?: BrandSupport,
) {
  const { page } = await conversationPage(deps, userId, query);
  return {
    ...page,
    support: supportHoursView(deps.now(), support?.schedule, support?.answerMinutes),
  };
}

export async function countNew(deps: MessageDeps, userId: string) {
  return { count: await repo.countNewForUser(deps.db, userId) };
}

/** The driver read support's messages up to `upTo`: the badge's count afterwards. */
export async function readByDriver(deps: MessageDeps, userId: string, upTo: number) {
  await repo.markRead(deps.db, 'user', userId, upTo, deps.now());
  // The driver's other devices drop the badge too.
  deps.chargeEvents.notify(userId);
  return countNew(deps, userId);
}

/** The most messages a poll answers at once: the client polls again from the new cursor. */
export const POLL_PAGE = 100;

/** What the driver's poll answers: messages after the cursor, and support's read mark. */
export type DriverPollAnswer = {
  cursor: number;
  items: Awaited<ReturnType<typeof toMessages>>;
  readUpTo: number;
};

/**
 * The driver's poll: their messages after the cursor, and support's read mark; `quiet` keeps
 * renewals that find nothing off the database (QuietLooks).
 */
export function pollDriver(
  deps: MessageDeps,
  userId: string,
  input: { cursor: number; read?: number | undefined },
  wait: PollWait,
  quiet?: QuietLooks<DriverPollAnswer>,
) {
  const look = async () => {
    const [rows, conversation] = await Promise.all([
      repo.messagesAfter(deps.db, userId, input.cursor, POLL_PAGE),
      repo.findConversation(deps.db, userId),
    ]);
    const readUpTo = conversation?.supportReadSeq ?? 0;
    return {
      answer: {
        cursor: rows.at(-1)?.seq ?? input.cursor,
        items: await toMessages(deps.db, rows, deps.now()),
        readUpTo,
      },
      ready: rows.length > 0 || (input.read !== undefined && input.read !== readUpTo),
    };
  };
  const question = `${input.cursor}:${input.read ?? ''}`;
  return longPoll(
    deps.chargeEvents,
    userId,
    wait,
    quiet ? quiet.look(userId, question, look) : look,
  );
}
