import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';

export type SmsMessage = { to: string; text: string };

/**
 * An incoming call to `to` from `from` that nobody needs to answer (a "flash call"): the
 * caller's number is the message. `text` says so for a person reading the outbox.
 */
export type CallMessage = { to: string; from: string; text: string };

/**
 * DESIGN.md Messages to people: the SMS and call adapter beside the mailer. The outbox is the
 * default; a real gateway implements the same two functions and is passed to `buildApp`.
 */
export type PhoneMessenger = {
  transport: 'outbox' | 'gateway';
  sendSms: (message: SmsMessage) => Promise<void>;
  call: (message: CallMessage) => Promise<void>;
};

/** Stores texts and calls instead of sending them; the developer page and the tests read them. */
export function outboxPhoneMessenger(db: Db): PhoneMessenger {
  return {
    transport: 'outbox',
    sendSms: async ({ to, text }) => {
      await db.insert(outboxMessages).values({ channel: 'sms', to, subject: 'SMS', body: text });
    },
    call: async ({ to, from, text }) => {
      await db
        .insert(outboxMessages)
        .values({ channel: 'call', to, subject: `Incoming call from ${from}`, body: text });
    },
  };
}
