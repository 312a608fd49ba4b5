import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logout } from '@evcharge/api/auth/logout';
import { subscribeMessages } from '@evcharge/api/messages/messages';
import { subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import type { ErrorBody } from '@evcharge/domain/errors';
import { accessTokens, users } from '../../db/schema/users';
import { sha256 } from '../../plugins/auth';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

// The long polls check the token against the database on every request, as every signed-in
// route does (they read only the user's id): a renewal after sign-out, after the account is
// deleted, or past the session's lifetimes is refused at once (OWASP ASVS 3.3.1, 3.3.2, 3.3.3).
const base = Date.parse('2030-05-01T08:00:00Z');
let offsetMs = 0;
const now = () => new Date(base + offsetMs);
const DAY = 24 * 60 * 60 * 1000;

const server = withTestServer({ now, config: { session: { absoluteDays: 30, idleDays: 7 } } });

const polls = {
  charges: (token: string) =>
    server.call<ErrorBody>(subscribeCharges, {
      token,
      params: { transactionId: 0, cursor: 0 },
      query: { wait: 0 },
    }),
  messages: (token: string) =>
    server.call<ErrorBody>(subscribeMessages, { token, params: { id: 0 }, query: { wait: 0 } }),
};

describe.each(Object.entries(polls))('the %s long poll', (_name, poll) => {
  it('answers a signed-in driver and refuses the same token once signed out', async () => {
    const { token } = await signedInUser(server);
    expect((await poll(token)).status).toBe(200);
    expect((await server.call(logout, { token })).status).toBe(200);
    const res = await poll(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('refuses the token of a deleted account', async () => {
    const { id, token } = await signedInUser(server);
    expect((await poll(token)).status).toBe(200);
    await server.db.update(users).set({ deletedAt: now() }).where(eq(users.id, id));
    expect((await poll(token)).status).toBe(401);
  });

  it('ends a session idle past its timeout with SESSION_EXPIRED and records its use', async () => {
    const { token } = await signedInUser(server);
    offsetMs += 7 * DAY - 60_000;
    expect((await poll(token)).status).toBe(200);
    const [row] = await server.db
      .select({ lastUsedAt: accessTokens.lastUsedAt })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(token)));
    expect(row?.lastUsedAt.getTime()).toBe(now().getTime());
    offsetMs += 7 * DAY + 60_000;
    const res = await poll(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });
});
