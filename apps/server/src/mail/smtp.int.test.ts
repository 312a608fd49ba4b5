import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './smtp';

// A minimal SMTP server on loopback: enough of RFC 5321 for one plain-text mail.
let server: Server;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = inData ? buffer.indexOf('\r\n.\r\n') : buffer.indexOf('\r\n')) !== -1) {
        if (inData) {
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('smtpMailer', () => {
  it('delivers a mail over SMTP', async () => {
    const mailer = smtpMailer(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'evcharge <no-reply@evcharge.demo>',
    );
    await mailer.send({
      to: 'driver@example.test',
      subject: 'Hello',
      text: 'Link: https://x.test/a',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Hello');
    expect(received[0]).toContain('To: driver@example.test');
    expect(received[0]).toContain('https://x.test/a');
  });
});
