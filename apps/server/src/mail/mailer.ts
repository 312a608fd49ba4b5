import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';

export type MailMessage = { to: string; subject: string; text: string };

/** DESIGN.md Messages to people: one interface, an outbox (default) or SMTP behind it. */
export type Mailer = {
  transport: 'outbox' | 'smtp';
  send: (message: MailMessage) => Promise<void>;
};

/** Stores the mail instead of sending it; the developer page and the tests read it back. */
export function outboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    send: async ({ to, subject, text }) => {
      await db.insert(outboxMessages).values({ channel: 'email', to, subject, body: text });
    },
  };
}
