import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { signUp } from '@evcharge/api/auth/sign-up';
import { loadConfig } from '../config';
import { signUpBody, uniqueEmail } from '../test/builders';
import { startTestServer, type TestServer } from '../test/harness';
import { smtpMailer } from './smtp';

// A local SMTP sink (the smtp-server package) on loopback; the app sends through nodemailer.
type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let sink: SMTPServer;
let smtpUrl = '';
let server: TestServer;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}?ignoreTLS=true`;
  // Outside demo mode, as a real server runs: MAIL_TRANSPORT unset means SMTP.
  const config = loadConfig({ PUBLIC_URL: 'http://evcharge.test', SMTP_URL: smtpUrl });
  server = await startTestServer({ config: { demoMode: false, mail: config.mail } });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => sink.close(resolve));
});

/** The text of a received mail: headers unfolded, the body's quoted-printable decoded. */
function decoded(data: string): { headers: string; body: string } {
  const split = data.indexOf('\r\n\r\n');
  const headers = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const raw = data.slice(split + 4);
  const body = /quoted-printable/i.test(headers)
    ? raw
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  return { headers, body };
}

function mailTo(email: string): { headers: string; body: string } {
  const mail = received.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return decoded(mail.data);
}

describe('mail over SMTP', () => {
  it('delivers a plain mail from MAIL_FROM', async () => {
    const mailer = smtpMailer(smtpUrl, 'evcharge <no-reply@evcharge.demo>');
    await mailer.send({ to: 'driver@example.test', subject: 'Hello', text: 'https://x.test/a' });
    const mail = received.at(-1);
    expect(mail).toMatchObject({ from: 'no-reply@evcharge.demo', to: ['driver@example.test'] });
    expect(mailTo('driver@example.test').body).toContain('https://x.test/a');
  });

  it('sends the sign-up confirmation with its link to the new driver', async () => {
    const email = uniqueEmail();
    const res = await server.call(signUp, {
      body: signUpBody(email),
    });
    expect(res.status).toBe(201);
    const mail = mailTo(email);
    expect(mail.headers).toMatch(/^Subject: evcharge: confirm your e-mail address$/m);
    expect(mail.headers).toContain(`To: ${email}`);
    expect(mail.body).toMatch(/http:\/\/evcharge\.test\/confirm_page\?token=[A-Za-z0-9_%-]{43,}/);
  });

  it('sends the password reset with its link', async () => {
    const email = uniqueEmail();
    await server.call(signUp, {
      body: signUpBody(email),
    });
    expect((await server.call(resetPassword, { body: { email } })).status).toBe(200);
    const mail = mailTo(email);
    expect(mail.headers).toMatch(/^Subject: evcharge: set a new password$/m);
    expect(mail.body).toMatch(/http:\/\/evcharge\.test\/resetPage\?token=[A-Za-z0-9_%-]{43,}/);
    // Nothing of it went to the outbox.
    expect(await server.outbox.messages(email)).toEqual([]);
  });
});
