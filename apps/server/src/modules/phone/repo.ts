import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneVerifications, users, type PhoneChannel } from '../../db/schema/users';

// One function per query (STYLE.md). Times are compared with the database's clock: the tests
// and a second server instance see the same "now".

export type Verification = typeof phoneVerifications.$inferSelect & { isExpired: boolean };

const withExpiry = {
  id: phoneVerifications.id,
  userId: phoneVerifications.userId,
  phone: phoneVerifications.phone,
  channel: phoneVerifications.channel,
  codeHash: phoneVerifications.codeHash,
  failedAttempts: phoneVerifications.failedAttempts,
  expiresAt: phoneVerifications.expiresAt,
  usedAt: phoneVerifications.usedAt,
  createdAt: phoneVerifications.createdAt,
  isExpired: sql<boolean>`(${phoneVerifications.expiresAt} <= now())`,
};

const ageSeconds = sql<number>`extract(epoch from now() - ${phoneVerifications.createdAt})::float8`;
const withinLast = (seconds: number) =>
  gt(phoneVerifications.createdAt, sql`now() - ${seconds}::int * interval '1 second'`);
const isLive = (maxWrongCodes: number) =>
  and(
    isNull(phoneVerifications.usedAt),
    gt(phoneVerifications.expiresAt, sql`now()`),
    lt(phoneVerifications.failedAttempts, maxWrongCodes),
  );

/** Sends of one account run one after another (the caps hold under concurrency). */
export async function lockUser(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return rows.length > 0;
}

/** Sends to one phone, from any account, run one after another until the transaction ends. */
export async function lockPhone(tx: Db, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone_verification:${phone}`}))`);
}

/** Ages in seconds of the codes sent in the window, to the phone or for the account. */
export async function sendAges(
  db: Db,
  by: { userId: string } | { phone: string },
  windowSeconds: number,
): Promise<number[]> {
  const rows = await db
    .select({ ageSeconds })
    .from(phoneVerifications)
    .where(
      and(
        'userId' in by
          ? eq(phoneVerifications.userId, by.userId)
          : eq(phoneVerifications.phone, by.phone),
        withinLast(windowSeconds),
      ),
    );
  return rows.map((row) => Number(row.ageSeconds));
}

/** Whether another live account has this phone confirmed. */
export async function isConfirmedElsewhere(db: Db, phone: string, userId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        eq(users.isPhoneConfirmed, true),
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A new code makes the account's earlier ones useless: they expire now (not "used"). */
export async function expireLiveCodes(tx: Db, userId: string): Promise<void> {
  await tx
    .update(phoneVerifications)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.expiresAt, sql`now()`),
      ),
    );
}

export async function insertVerification(
  tx: Db,
  values: {
    userId: string;
    phone: string;
    channel: PhoneChannel;
    codeHash: string;
    validMinutes: number;
  },
) {
  const [row] = await tx
    .insert(phoneVerifications)
    .values({
      userId: values.userId,
      phone: values.phone,
      channel: values.channel,
      codeHash: values.codeHash,
      expiresAt: sql`now() + ${values.validMinutes}::int * interval '1 minute'`,
    })
    .returning({ id: phoneVerifications.id, expiresAt: phoneVerifications.expiresAt });
  if (!row) throw new Error('phone verification insert returned nothing');
  return row;
}

/** One of the caller's verifications (another user's is not found). */
export async function findVerification(
  db: Db,
  userId: string,
  id: string,
): Promise<Verification | undefined> {
  const [row] = await db
    .select(withExpiry)
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.id, id), eq(phoneVerifications.userId, userId)));
  return row;
}

/** The caller's newest verification; a new send voids the older ones, so it is the one. */
export async function findLatestVerification(
  db: Db,
  userId: string,
): Promise<Verification | undefined> {
  const [row] = await db
    .select(withExpiry)
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1);
  return row;
}

/**
 * Checks a code against a live verification in one statement, so parallel guesses cannot
 * outrun the limit: a wrong code is counted; a code used, expired or out of tries matches
 * nothing (undefined).
 */
export async function tryCode(
  db: Db,
  id: string,
  codeHash: string,
  maxWrongCodes: number,
): Promise<{ isRight: boolean; failedAttempts: number } | undefined> {
  const isRight = sql<boolean>`(${phoneVerifications.codeHash} = ${codeHash})`;
  const [row] = await db
    .update(phoneVerifications)
    .set({
      failedAttempts: sql`${phoneVerifications.failedAttempts} + (case when ${isRight} then 0 else 1 end)`,
    })
    .where(and(eq(phoneVerifications.id, id), isLive(maxWrongCodes)))
    .returning({ isRight, failedAttempts: phoneVerifications.failedAttempts });
  return row && { isRight: row.isRight === true, failedAttempts: row.failedAttempts };
}

/** Uses a verification once: false when it was used or expired meanwhile. */
export async function consumeVerification(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .update(phoneVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(phoneVerifications.id, id),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return rows.length > 0;
}

/** Ends a verification that can no longer succeed (its phone went to another account). */
export async function expireVerification(db: Db, id: string): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(phoneVerifications.id, id), isNull(phoneVerifications.usedAt)));
}

/** The account's phone, confirmed. The partial unique index refuses a phone confirmed elsewhere. */
export async function setConfirmedPhone(tx: Db, userId: string, phone: string) {
  const [row] = await tx
    .update(users)
    .set({ phone, isPhoneConfirmed: true })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The account's codes of the window that had wrong tries, with their ages. */
export async function wrongCodesOf(db: Db, userId: string, windowSeconds: number) {
  const rows = await db
    .select({ ageSeconds, failedAttempts: phoneVerifications.failedAttempts })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        withinLast(windowSeconds),
        gt(phoneVerifications.failedAttempts, 0),
      ),
    );
  return rows.map((row) => ({ ...row, ageSeconds: Number(row.ageSeconds) }));
}

/** Live QR verifications of a phone (any account), newest first. */
export async function liveQrVerifications(db: Db, phone: string, maxWrongCodes: number) {
  return db
    .select(withExpiry)
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        eq(phoneVerifications.channel, 'qr'),
        isLive(maxWrongCodes),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt), asc(phoneVerifications.id))
    .limit(5);
}

/** Counts a wrong code that came by SMS from the right phone. */
export async function countWrongCode(db: Db, id: string, maxWrongCodes: number): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ failedAttempts: sql`${phoneVerifications.failedAttempts} + 1` })
    .where(and(eq(phoneVerifications.id, id), isLive(maxWrongCodes)));
}
