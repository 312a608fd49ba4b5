import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '@evcharge/api/auth/sign-up';
import { topUpBalance } from '@evcharge/api/payments/balance';
import { bindCard } from '@evcharge/api/payments/cards';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { uniqueEmail } from '../test/builders';
import { driverWithPhone } from '../test/payments';
import { payOnSandboxPage } from '../test/sandbox-card';
import { withTestServer } from '../test/hooks';

// The acquirer's return and the mail links lead back to the origin the driver came from when
// ALLOWED_ORIGINS lists it, else to PUBLIC_URL (http/origin.ts).

const SECOND = 'https://second.example';
const server = withTestServer({ config: { allowedOrigins: [SECOND] } });
beforeAll(async () => {
  // This server's own origin is known once it listens.
  server.config.allowedOrigins.push(server.baseUrl);
});

/** Pays on the sandbox page (reached on this server) and answers where the bank sends back. */
async function returnOf(redirectUrl: string | null, origin: string) {
  expect(redirectUrl).not.toBeNull();
  const page = new URL(redirectUrl!);
  expect(page.origin).toBe(origin);
  const onPublicUrl = `${server.config.publicUrl}${page.pathname}${page.search}`;
  const done = await payOnSandboxPage(server, onPublicUrl, { number: '4242424242424242' });
  expect(done.status).toBe(303);
  return new URL(done.location ?? '');
}

describe('the acquirer return', () => {
  it.each([
    ['the server origin the driver opened', () => server.baseUrl],
    ['a second allowed origin', () => SECOND],
  ])('of a top-up goes back to %s', async (_name, originOf) => {
    const origin = originOf();
    const driver = await driverWithPhone(server);
    const started = await server.call<PaymentResult>(topUpBalance, {
      token: driver.token,
      body: { amountMinor: 10_000 },
      headers: { origin },
    });
    expect(started.status).toBe(201);
    const back = await returnOf(started.body.redirectUrl, origin);
    expect(back.origin).toBe(origin);
    expect(back.pathname).toBe('/callback');
  });

  it('of a card binding goes back to the origin the driver opened', async () => {
    const driver = await driverWithPhone(server);
    const started = await server.call<PaymentResult>(bindCard, {
      token: driver.token,
      body: {},
      headers: { origin: server.baseUrl },
    });
    expect(started.status).toBe(201);
    expect((await returnOf(started.body.redirectUrl, server.baseUrl)).origin).toBe(server.baseUrl);
  });

  it('falls back to PUBLIC_URL for an origin not on the list', async () => {
    const driver = await driverWithPhone(server);
    const started = await server.call<PaymentResult>(topUpBalance, {
      token: driver.token,
      body: { amountMinor: 10_000 },
      headers: { origin: 'https://evil.example' },
    });
    expect(started.status).toBe(201);
    const publicOrigin = new URL(server.config.publicUrl).origin;
    expect((await returnOf(started.body.redirectUrl, publicOrigin)).origin).toBe(publicOrigin);
  });
});

describe('the sign-up mail', () => {
  it.each([
    ['an allowed origin', SECOND, SECOND],
    ['an origin not on the list', 'https://evil.example', 'http://evcharge.test'],
  ])('links to the confirmation page on %s', async (_name, origin, expected) => {
    const email = uniqueEmail('origin');
    const answer = await server.call(signUp, {
      body: { name: 'Anna', email, password: 'Secret123', repeat: 'Secret123', termsAccepted: true },
      headers: { origin },
    });
    expect(answer.status).toBe(201);
    const link = await server.outbox.link(email, '/confirm_page');
    expect(link.origin).toBe(expected);
  });
});
