import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import type { ErrorBody } from '@evcharge/domain/errors';
import { accessTokens } from '../../db/schema/users';
import { sha256 } from '../../plugins/auth';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

// OWASP ASVS 3.3.1, 3.3.2: a token ends SESSION_MAX_DAYS after sign-in and after
// SESSION_IDLE_DAYS unused. A simulated clock moves the days.
const base = Date.parse('2030-05-01T08:00:00Z');
let offsetMs = 0;
const now = () => new Date(base + offsetMs);
const DAY = 24 * 60 * 60 * 1000;
const advance = (ms: number) => {
  offsetMs += ms;
};

const server = withTestServer({ now, config: { session: { absoluteDays: 30, idleDays: 7 } } });

const check = (token: string) => server.call<ErrorBody>(checkToken, { token });

async function lastUsedAt(token: string): Promise<Date | undefined> {
  const [row] = await server.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(token)));
  return row?.lastUsedAt;
}

describe('session lifetimes', () => {
  it('ends a session unused for longer than the idle timeout with SESSION_EXPIRED', async () => {
    const { token } = await signedInUser(server);
    advance(7 * DAY - 60_000);
    expect((await check(token)).status).toBe(200);
    advance(7 * DAY + 60_000);
    const res = await check(token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('keeps a session in use alive until its absolute lifetime', async () => {
    const { token } = await signedInUser(server);
    for (let day = 6; day < 30; day += 6) {
      advance(6 * DAY);
      expect((await check(token)).status).toBe(200);
    }
    // Used six days ago, but signed in thirty days and an hour ago.
    advance(6 * DAY + 60 * 60_000);
    expect((await check(token)).body.code).toBe('SESSION_EXPIRED');
  });

  it('writes the last use at most once in ten minutes', async () => {
    const { token } = await signedInUser(server);
    const signedInAt = await lastUsedAt(token);
    expect(signedInAt?.getTime()).toBe(now().getTime());
    advance(5 * 60_000);
    await check(token);
    expect((await lastUsedAt(token))?.getTime()).toBe(signedInAt?.getTime());
    advance(4 * 60_000);
    await check(token);
    expect((await lastUsedAt(token))?.getTime()).toBe(signedInAt?.getTime());
    advance(2 * 60_000);
    await check(token);
    expect((await lastUsedAt(token))?.getTime()).toBe(now().getTime());
  });

  it('answers an unknown token UNAUTHORIZED, not SESSION_EXPIRED', async () => {
    const unknown = await check('A'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('UNAUTHORIZED');
  });
});
