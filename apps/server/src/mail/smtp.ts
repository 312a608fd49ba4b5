import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** SMTP_URL like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
