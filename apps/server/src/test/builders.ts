import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signIn } from '@evcharge/api/auth/sign-in';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import type { Db } from '../db/client';
import { accessTokens, users } from '../db/schema/users';
import { hashPassword } from '../modules/auth';
import { newOpaqueToken, sha256 } from '../plugins/auth';
import type { TestServer } from './harness';

export type TestUser = { id: string; email: string; password: string };

/** A unique e-mail per call, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/** Inserts a confirmed driver straight into the database. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'Secret123', ...values } = overrides;
  const email = values.email ?? uniqueEmail();
  const [row] = await db
    .insert(users)
    .values({
      name: 'Test',
      isEmailConfirmed: true,
      ...values,
      email,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('test user insert failed');
  return { id: row.id, email, password };
}

/** Signs a user in over HTTP and returns the access token. */
export async function signInAs(server: TestServer, user: TestUser): Promise<string> {
  const response = await server.call<{ accessToken: string }>(signIn, {
    body: { login: user.email, password: user.password, userType: CLIENT_USER_TYPE },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  return response.body.accessToken;
}

/**
 * An access token for a user, stored as sign-in stores one: for a server the test reaches
 * only over HTTP and whose sign-in limit a crowd of drivers would pass.
 */
export async function accessTokenFor(db: Db, userId: string): Promise<string> {
  const token = newOpaqueToken();
  const now = new Date();
  await db
    .insert(accessTokens)
    .values({ userId, tokenHash: sha256(token), createdAt: now, lastUsedAt: now });
  return token;
}

/** A new user, signed in over HTTP: the user with its access token. */
export async function signedInUser(
  server: TestServer,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<TestUser & { token: string }> {
  const user = await createUser(server.db, overrides);
  return { ...user, token: await signInAs(server, user) };
}

/** The user's row as stored; throws when there is none. */
export async function userRow(server: TestServer, id: string) {
  const [user] = await server.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error('no such user');
  return user;
}

/** A valid sign-up form for `email`: Marta, password Secret123, terms accepted. */
export function signUpBody(email: string, lang = 'en') {
  return {
    name: 'Marta',
    email,
    password: 'Secret123',
    repeat: 'Secret123',
    termsAccepted: true,
    Lang: lang,
  };
}
