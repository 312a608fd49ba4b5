import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MessageAuthor, MessageFileType, MessageKind } from '@evcharge/domain/support';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { messageFiles, messages, supportConversations } from '../../db/schema/social';
import { users } from '../../db/schema/users';

// SPEC §7 Messages and feedback: one conversation per driver (messages by user_id), its files,
// and the support inbox's row per driver (support_conversations), kept with every message.

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect & { staffName: string | null };
export type FileInfo = {
  id: string;
  messageId: string;
  fileName: string;
  contentType: MessageFileType;
  sizeBytes: number;
  width: number | null;
  height: number | null;
};
export type NewFile = {
  fileName: string;
  contentType: MessageFileType;
  data: Buffer;
  width: number | null;
  height: number | null;
};
export type NewMessage = {
  userId: string;
  author: MessageAuthor;
  kind: MessageKind;
  staffUserId: string | null;
  sessionId: string | null;
  text: string;
  createdAt: Date;
};

/** One key for every message insert: seq order is commit order (see the schema's note). */
const MESSAGES_LOCK = 'messages:seq';

/**
 * Runs `work` in a transaction that first takes the messages' lock (to its end): messages are
 * inserted one transaction after another, so a message with a smaller seq is never committed
 * after one with a larger, and a long poll after a cursor misses none.
 */
export async function inMessageTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${MESSAGES_LOCK}))`);
    return work(tx);
  });
}

export async function findConversation(
  db: Db,
  userId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  return row;
}

/** Inserts the message and its files (in their order); answers the message with its seq. */
export async function insertMessage(
  tx: Db,
  values: NewMessage,
  files: readonly NewFile[],
): Promise<{ message: typeof messages.$inferSelect; files: FileInfo[] }> {
  const [message] = await tx.insert(messages).values(values).returning();
  if (!message) throw new Error('message insert returned nothing');
  const stored =
    files.length === 0
      ? []
      : await tx
          .insert(messageFiles)
          .values(
            files.map((file, position) => ({
              messageId: message.id,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.data.length,
              width: file.width,
              height: file.height,
              position,
              data: file.data,
            })),
          )
          .returning(fileColumns);
  return { message, files: stored as FileInfo[] };
}

type ConversationValues = Omit<ConversationRow, 'userId' | 'supportReadSeq' | 'userReadSeq'>;

/** The inbox's row of the driver, as the message just inserted leaves it. */
export async function saveConversation(
  tx: Db,
  userId: string,
  values: ConversationValues,
): Promise<void> {
  await tx
    .insert(supportConversations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: supportConversations.userId, set: values });
}

const staff = alias(users, 'staff');
const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  userId: messages.userId,
  author: messages.author,
  kind: messages.kind,
  staffUserId: messages.staffUserId,
  sessionId: messages.sessionId,
  text: messages.text,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
  staffName: staff.name,
};

function selectMessages(db: Db) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(staff, eq(staff.id, messages.staffUserId));
}

/** A page of the driver's conversation before `before` (newest page without it), oldest first. */
export async function messagesBefore(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await selectMessages(db)
    .where(
      and(eq(messages.userId, userId), before === undefined ? undefined : lt(messages.seq, before)),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** The messages with these ids, in seq order. */
export async function messagesByIds(db: Db, ids: readonly string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return selectMessages(db)
    .where(inArray(messages.id, [...ids]))
    .orderBy(asc(messages.seq));
}

/** Messages after `cursor`, in seq order: one driver's, or everyone's (userId null). */
export async function messagesAfter(
  db: Db,
  userId: string | null,
  cursor: number,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(and(userId === null ? undefined : eq(messages.userId, userId), gt(messages.seq, cursor)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

const fileColumns = {
  id: messageFiles.id,
  messageId: messageFiles.messageId,
  fileName: messageFiles.fileName,
  contentType: messageFiles.contentType,
  sizeBytes: messageFiles.sizeBytes,
  width: messageFiles.width,
  height: messageFiles.height,
};

/** The files of the messages (without their bytes), each message's in its order. */
export async function filesOf(db: Db, messageIds: readonly string[]): Promise<FileInfo[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select(fileColumns)
    .from(messageFiles)
    .where(inArray(messageFiles.messageId, [...messageIds]))
    .orderBy(asc(messageFiles.position));
  return rows as FileInfo[];
}

/** A file's bytes with the driver whose conversation it belongs to. */
export async function findFile(db: Db, id: string) {
  const [row] = await db
    .select({
      contentType: messageFiles.contentType,
      fileName: messageFiles.fileName,
      data: messageFiles.data,
      userId: messages.userId,
    })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(eq(messageFiles.id, id));
  return row;
}

/**
 * One side read the other's messages up to `upTo` (never past the conversation's last one):
 * its read mark moved forward only, and the read time set on what it read. The driver reads
 * support's messages and the service's notices; support reads the driver's.
 */
export async function markRead(
  db: Db,
  reader: 'user' | 'support',
  userId: string,
  upTo: number,
  at: Date,
) {
  const mark =
    reader === 'user' ? supportConversations.userReadSeq : supportConversations.supportReadSeq;
  const authors: MessageAuthor[] = reader === 'user' ? ['support', 'system'] : ['user'];
  await db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(supportConversations)
      .set({
        [reader === 'user' ? 'userReadSeq' : 'supportReadSeq']:
          sql`greatest(${mark}, least(${upTo}::bigint, ${supportConversations.lastSeq}))`,
      })
      .where(eq(supportConversations.userId, userId))
      .returning({ readSeq: mark });
    if (!conversation) return;
    await tx
      .update(messages)
      .set({ readAt: at })
      .where(
        and(
          eq(messages.userId, userId),
          inArray(messages.author, authors),
          lte(messages.seq, conversation.readSeq),
          sql`${messages.readAt} is null`,
        ),
      );
  });
}

/** Support's messages the driver has not read (the service's notices do not count). */
export async function countNewForUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .leftJoin(supportConversations, eq(supportConversations.userId, messages.userId))
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.author, 'support'),
        gt(messages.seq, sql`coalesce(${supportConversations.userReadSeq}, 0)`),
      ),
    );
  return row?.n ?? 0;
}

/** The drivers' messages support has not read, per driver. */
export async function unreadBySupport(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: messages.userId, n: count() })
    .from(messages)
    .innerJoin(supportConversations, eq(supportConversations.userId, messages.userId))
    .where(
      and(
        inArray(messages.userId, [...userIds]),
        eq(messages.author, 'user'),
        gt(messages.seq, supportConversations.supportReadSeq),
      ),
    )
    .groupBy(messages.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** The inbox: waiting conversations first (longest waiting first), then the latest. */
export async function inboxPage(db: Db, page: { limit: number; offset: number }) {
  // The totals (and the newest seq) are read first: a message committed between the two reads
  // is then after the cursor, so the console's live feed brings it (DESIGN: Real time).
  const [totals] = await db
    .select({
      total: count(),
      waiting: sql<number>`count(${supportConversations.waitingSince})::int`,
      cursor: sql<number>`coalesce(max(${supportConversations.lastSeq}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(supportConversations);
  const rows = await db
    .select({
      conversation: supportConversations,
      user: {
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .orderBy(
      sql`${supportConversations.waitingSince} asc nulls last`,
      desc(supportConversations.lastMessageAt),
      asc(supportConversations.userId),
    )
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows,
    total: totals?.total ?? 0,
    waiting: totals?.waiting ?? 0,
    cursor: totals?.cursor ?? 0,
  };
}

/** The driver's session with this transactionId; another driver's is not found. */
export async function ownSessionId(
  db: Db,
  userId: string,
  transactionId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(eq(chargingSessions.userId, userId), eq(chargingSessions.transactionId, transactionId)),
    );
  return row?.id;
}

/** The driver's open session (newest), else the last one that ended at or after `since`. */
export async function currentOrRecentSessionId(
  db: Db,
  userId: string,
  since: Date,
): Promise<string | undefined> {
  const [open] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        notInArray(chargingSessions.status, ['success', 'cancelled']),
      ),
    )
    .orderBy(desc(chargingSessions.createdAt))
    .limit(1);
  if (open) return open.id;
  const [ended] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        or(
          eq(chargingSessions.status, 'success'),
          and(eq(chargingSessions.status, 'cancelled'), isNotNull(chargingSessions.startedAt)),
        ),
        gte(chargingSessions.stoppedAt, since),
      ),
    )
    .orderBy(desc(chargingSessions.stoppedAt))
    .limit(1);
  return ended?.id;
}
