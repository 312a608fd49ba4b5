import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sendPhoneCode, type SendPhoneCodeResult } from '@evcharge/api/phone/send-code';
import type { ErrorBody } from '@evcharge/domain/errors';
import { phoneVerifications } from '../db/schema/users';
import type { TestResponse, TestServer } from './harness';

// Helpers of the phone confirmation's integration tests (not used by the app).

/** A Russian mobile number no other test of the file uses. */
export function uniquePhone(): string {
  return `+7999${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export async function sendCode(
  server: TestServer,
  token: string,
  phone: string,
  method: 'sms' | 'call' | 'qr' = 'sms',
): Promise<TestResponse<SendPhoneCodeResult & ErrorBody>> {
  return server.call<SendPhoneCodeResult & ErrorBody>(sendPhoneCode, {
    token,
    body: { phone, method },
  });
}

/** Sends and expects it to work. */
export async function sentCode(
  server: TestServer,
  token: string,
  phone: string,
  method: 'sms' | 'call' | 'qr' = 'sms',
): Promise<SendPhoneCodeResult> {
  const answer = await sendCode(server, token, phone, method);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The code in the newest SMS to the phone. */
export async function smsCode(server: TestServer, phone: string): Promise<string> {
  const message = await server.outbox.last(phone);
  expect(message.channel).toBe('sms');
  const match = /(?<!\d)(\d{4})(?!\d)/.exec(message.body);
  if (!match?.[1]) throw new Error(`no 4-digit code in the SMS to ${phone}: ${message.body}`);
  return match[1];
}

/** The number of the newest call to the phone, as the outbox records it. */
export async function callerOf(server: TestServer, phone: string): Promise<string> {
  const message = await server.outbox.last(phone);
  expect(message.channel).toBe('call');
  const match = /from (\+\d+)/.exec(message.subject ?? '');
  if (!match?.[1]) throw new Error(`no caller in the call to ${phone}: ${message.subject}`);
  return match[1];
}

/** Moves the codes back in time: past the resend wait, or out of the hour. */
export async function ageCodes(
  server: TestServer,
  where: { userId: string } | { phone: string },
  seconds: number,
): Promise<void> {
  await server.db
    .update(phoneVerifications)
    .set({
      createdAt: sql`${phoneVerifications.createdAt} - ${seconds}::int * interval '1 second'`,
    })
    .where(
      'userId' in where
        ? eq(phoneVerifications.userId, where.userId)
        : eq(phoneVerifications.phone, where.phone),
    );
}

/** Lets a code run out. */
export async function expireCode(server: TestServer, verificationId: string): Promise<void> {
  await server.db
    .update(phoneVerifications)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(phoneVerifications.id, verificationId));
}
