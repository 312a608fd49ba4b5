import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmPhoneCode } from '@evcharge/api/phone/confirm-code';
import { inboundSms } from '@evcharge/api/phone/inbound-sms';
import type { ErrorBody } from '@evcharge/domain/errors';
import { users } from '../../db/schema/users';
import { createUser, signedInUser } from '../../test/builders';
import { ageCodes, sendCode, sentCode, smsCode, uniquePhone } from '../../test/phone';
import { withTestServer } from '../../test/hooks';

// A confirmed phone belongs to one live account (users_confirmed_phone_unique): codeSend says
// PHONE_TAKEN, and of two accounts confirming the same phone at once exactly one wins.

const server = withTestServer();

const confirm = (token: string, code: string) =>
  server.call<ErrorBody>(confirmPhoneCode, { token, body: { code } });

/** Accounts holding the phone, and how many of them have it confirmed. */
async function holders(phone: string) {
  const rows = await server.db
    .select({ isPhoneConfirmed: users.isPhoneConfirmed })
    .from(users)
    .where(eq(users.phone, phone));
  return { all: rows.length, confirmed: rows.filter((r) => r.isPhoneConfirmed).length };
}

describe('a phone confirmed by another account', () => {
  it('refuses to send it a code: PHONE_TAKEN', async () => {
    const phone = uniquePhone();
    await createUser(server.db, { phone, isPhoneConfirmed: true });
    const who = await signedInUser(server);
    for (const method of ['sms', 'call', 'qr'] as const) {
      const answer = await sendCode(server, who.token, phone, method);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('PHONE_TAKEN');
    }
    expect(await server.outbox.messages(phone)).toEqual([]);
  });

  it('is free again once that account is deleted, or only typed in unconfirmed', async () => {
    const phone = uniquePhone();
    await createUser(server.db, { phone, isPhoneConfirmed: true, deletedAt: new Date() });
    await createUser(server.db, { phone, isPhoneConfirmed: false });
    const who = await signedInUser(server);
    await sentCode(server, who.token, phone);
    expect((await confirm(who.token, await smsCode(server, phone))).status).toBe(200);
  });

  it('lets the owner confirm it again', async () => {
    const phone = uniquePhone();
    const owner = await signedInUser(server, { phone, isPhoneConfirmed: true });
    await sentCode(server, owner.token, phone);
    expect((await confirm(owner.token, await smsCode(server, phone))).status).toBe(200);
  });

  it('refuses a code that arrives after another account confirmed the phone', async () => {
    const phone = uniquePhone();
    const first = await signedInUser(server);
    const second = await signedInUser(server);
    await sentCode(server, first.token, phone);
    const firstCode = await smsCode(server, phone);
    await ageCodes(server, { phone }, 61);
    await sentCode(server, second.token, phone);
    const secondCode = await smsCode(server, phone);
    expect((await confirm(second.token, secondCode)).status).toBe(200);
    const late = await confirm(first.token, firstCode);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('PHONE_TAKEN');
    const [user] = await server.db.select().from(users).where(eq(users.id, first.id));
    expect(user).toMatchObject({ phone: null, isPhoneConfirmed: false });
  });
});

describe('two accounts confirming one phone at the same moment', () => {
  it('by SMS codes: exactly one wins, the other is told PHONE_TAKEN', async () => {
    const phone = uniquePhone();
    const accounts = [await signedInUser(server), await signedInUser(server)];
    const codes: string[] = [];
    for (const who of accounts) {
      await sentCode(server, who.token, phone);
      codes.push(await smsCode(server, phone));
      await ageCodes(server, { phone }, 61);
    }
    const answers = await Promise.all(accounts.map((who, i) => confirm(who.token, codes[i]!)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('PHONE_TAKEN');
    expect(await holders(phone)).toEqual({ all: 1, confirmed: 1 });
  });

  it('by QR codes arriving together: exactly one account gets the phone', async () => {
    const phone = uniquePhone();
    const accounts = [await signedInUser(server), await signedInUser(server)];
    const texts: string[] = [];
    for (const who of accounts) {
      texts.push((await sentCode(server, who.token, phone, 'qr')).qr!.text);
      await ageCodes(server, { phone }, 61);
    }
    const answers = await Promise.all(
      texts.map((text) =>
        server.call<{ isConfirmed: boolean }>(inboundSms, { body: { from: phone, text } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.isConfirmed)).toHaveLength(1);
    expect(await holders(phone)).toEqual({ all: 1, confirmed: 1 });
  });
});
