import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/builders';
import { ageCodes, sendCode, sentCode, uniquePhone } from '../../test/phone';
import {
  RESEND_WAIT_SECONDS,
  SENDS_PER_HOUR_PER_ACCOUNT,
  SENDS_PER_HOUR_PER_PHONE,
} from './limits';
import { withTestServer } from '../../test/hooks';

// How many codes go out: a resend wait, and caps per hour per phone (whichever accounts ask)
// and per account (to whichever phones). The caps are counted from the stored codes, so the
// tests move them back in time instead of waiting.

const server = withTestServer();

const MINUTE = 60;

describe('the resend wait', () => {
  it('holds per account, whichever phone, and per phone, whichever account', async () => {
    const first = await signedInUser(server);
    const second = await signedInUser(server);
    const phone = uniquePhone();
    await sentCode(server, first.token, phone);
    expect((await sendCode(server, first.token, uniquePhone())).status).toBe(429);
    const otherAccount = await sendCode(server, second.token, phone);
    expect(otherAccount.status).toBe(429);
    expect(Number(otherAccount.body.details?.retryAfterSeconds)).toBeLessThanOrEqual(
      RESEND_WAIT_SECONDS,
    );
    await ageCodes(server, { phone }, RESEND_WAIT_SECONDS);
    expect((await sendCode(server, second.token, phone)).status).toBe(200);
  });
});

describe('the hourly caps', () => {
  it(`sends ${SENDS_PER_HOUR_PER_PHONE} codes an hour to a phone, whichever accounts ask`, async () => {
    const accounts = [await signedInUser(server), await signedInUser(server)];
    const phone = uniquePhone();
    for (let i = 0; i < SENDS_PER_HOUR_PER_PHONE; i += 1) {
      const who = accounts[i % 2]!;
      const answer = await sentCode(server, who.token, phone, i % 2 ? 'call' : 'sms');
      // The last one says the next is an hour away, not a minute.
      const expected = i === SENDS_PER_HOUR_PER_PHONE - 1 ? 3600 - 5 * MINUTE * i : 60;
      expect(answer.resendAfterSeconds).toBeGreaterThanOrEqual(expected - 2);
      expect(answer.resendAfterSeconds).toBeLessThanOrEqual(expected);
      await ageCodes(server, { phone }, 5 * MINUTE);
    }
    // Five codes sent over the last 25 minutes: the oldest leaves the hour in 35 minutes.
    for (const who of accounts) {
      const answer = await sendCode(server, who.token, phone);
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('TOO_MANY_REQUESTS');
      const wait = Number(answer.body.details?.retryAfterSeconds);
      expect(wait).toBeGreaterThan(35 * MINUTE - 5);
      expect(wait).toBeLessThanOrEqual(35 * MINUTE);
    }
    // Each account may still confirm another phone of its own.
    expect((await sendCode(server, accounts[0]!.token, uniquePhone())).status).toBe(200);
    // An hour after the oldest, one more fits.
    await ageCodes(server, { phone }, 35 * MINUTE);
    expect((await sendCode(server, accounts[1]!.token, phone)).status).toBe(200);
  });

  it(`sends ${SENDS_PER_HOUR_PER_ACCOUNT} codes an hour for an account, whichever phones`, async () => {
    const who = await signedInUser(server);
    for (let i = 0; i < SENDS_PER_HOUR_PER_ACCOUNT; i += 1) {
      await sentCode(server, who.token, uniquePhone(), i === 2 ? 'qr' : 'sms');
      await ageCodes(server, { userId: who.id }, 2 * MINUTE);
    }
    const answer = await sendCode(server, who.token, uniquePhone());
    expect(answer.status).toBe(429);
    const wait = Number(answer.body.details?.retryAfterSeconds);
    expect(wait).toBeGreaterThan(50 * MINUTE - 5);
    expect(wait).toBeLessThanOrEqual(50 * MINUTE);
    expect(answer.headers.get('retry-after')).toBe(String(wait));
    // Another account is not held up by it.
    const other = await signedInUser(server);
    expect((await sendCode(server, other.token, uniquePhone())).status).toBe(200);
  });

  it('holds when one account asks many times at once', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => sendCode(server, who.token, phone)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await server.outbox.messages(phone)).toHaveLength(1);
  });
});
