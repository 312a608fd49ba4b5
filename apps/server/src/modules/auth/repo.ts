import { and, desc, eq, gt, isNull, lt, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clearLockout, loginHash } from './lockout';
import { accessTokens, oneTimeTokens, users, type OneTimePurpose } from '../../db/schema/users';

export type NewUser = typeof users.$inferInsert;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function insertUser(db: Db, values: NewUser) {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** A new password also ends a login lock and its growth (OWASP ASVS 2.2.1). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (row) await clearLockout(db, loginHash(row.email));
}

export async function markEmailConfirmed(db: Db, userId: string) {
  await db.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, userId));
}

export async function insertAccessToken(db: Db, userId: string, tokenHash: string, now: Date) {
  await db.insert(accessTokens).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

/** A token that still signs in: not revoked, its user not deleted (with users joined). */
const isLiveToken = (tokenHash: string | Placeholder) =>
  and(
    eq(accessTokens.tokenHash, tokenHash),
    isNull(accessTokens.revokedAt),
    isNull(users.deletedAt),
  );

/**
 * The token lookups of every signed-in request, built once per database as prepared queries:
 * building the statement with the query builder cost more than the rest of a long poll's
 * renewal (bench/RESULTS.md), and they run thousands of times a second.
 */
const tokenHash = sql.placeholder('tokenHash');
const prepareTokenLookups = (db: Db) => ({
  session: db
    .select({
      user: users,
      tokenId: accessTokens.id,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(isLiveToken(tokenHash))
    .limit(1)
    .prepare('auth_session_by_token_hash'),
  userId: db
    .select({
      userId: users.id,
      staffRole: users.staffRole,
      tokenId: accessTokens.id,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(isLiveToken(tokenHash))
    .limit(1)
    .prepare('auth_user_id_by_token_hash'),
});
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookups>>();
function lookupsOf(db: Db) {
  let lookups = tokenLookups.get(db);
  if (!lookups) tokenLookups.set(db, (lookups = prepareTokenLookups(db)));
  return lookups;
}

/** A live (not revoked) token with its live user, by the token's SHA-256. */
export async function findSessionByTokenHash(db: Db, hash: string) {
  const [row] = await lookupsOf(db).session.execute({ tokenHash: hash });
  return row;
}

/** `findSessionByTokenHash` for the user's id (and staff role) alone (the long polls' renewals). */
export async function findUserIdByTokenHash(db: Db, hash: string) {
  const [row] = await lookupsOf(db).userId.execute({ tokenHash: hash });
  return row;
}

export async function touchAccessToken(db: Db, tokenId: string, at: Date) {
  await db.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, tokenId));
}

export async function revokeAccessToken(db: Db, tokenId: string) {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}

/** Revokes every live token of a user, except `keepTokenId` (the caller's own session). */
export async function revokeUserTokens(db: Db, userId: string, keepTokenId?: string) {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined,
      ),
    );
}

export async function insertOneTimeToken(db: Db, values: typeof oneTimeTokens.$inferInsert) {
  await db.insert(oneTimeTokens).values(values);
}

export async function findOneTimeTokenByHash(db: Db, purpose: OneTimePurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/** The newest unused token of a purpose; a new request voids older ones, so it is the one. */
export async function findLatestUnusedToken(db: Db, userId: string, purpose: OneTimePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row;
}

/** Uses a token once: false when it was used, voided or expired meanwhile. */
export async function consumeOneTimeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.id, id),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

/**
 * Checks a mailed code against a token in one statement, so parallel guesses cannot outrun
 * the limit: a wrong code is counted; a token used, expired or out of tries matches nothing.
 */
export async function tryCode(
  db: Db,
  id: string,
  codeHash: string,
  maxWrongCodes: number,
): Promise<{ isRight: boolean } | undefined> {
  const isRight = sql<boolean>`(${oneTimeTokens.codeHash} = ${codeHash})`;
  const [row] = await db
    .update(oneTimeTokens)
    .set({
      failedAttempts: sql`${oneTimeTokens.failedAttempts} + (case when ${isRight} then 0 else 1 end)`,
    })
    .where(
      and(
        eq(oneTimeTokens.id, id),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
        lt(oneTimeTokens.failedAttempts, maxWrongCodes),
      ),
    )
    .returning({ isRight });
  return row && { isRight: row.isRight === true };
}

/** A new link makes the older ones of the same purpose useless. */
export async function voidUnusedTokens(db: Db, userId: string, purpose: OneTimePurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
