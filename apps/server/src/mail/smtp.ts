import type { Mailer } from './mailer';

/**
 * SMTP_URL like smtp://user:pass@host:587 or smtps://host:465. nodemailer is loaded with the
 * first mail: a process that sends none (MAIL_TRANSPORT=outbox) never holds it.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
  return {
    transport: 'smtp',
    send: async ({ to, subject, text }) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from, to, subject, text });
    },
  };
}
