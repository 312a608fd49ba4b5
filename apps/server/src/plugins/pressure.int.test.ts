import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '@evcharge/api/auth/sign-up';
import { getLanguages } from '@evcharge/api/users/get-languages';
import type { ErrorBody } from '@evcharge/domain/errors';
import { users } from '../db/schema/users';
import { uniqueEmail } from '../test/builders';
import { startTestServer, type TestServer, type TestServerOptions } from '../test/harness';

const unavailable = { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable, repeat later' };

/** Calls `probe` until it answers `status` (the figures are sampled on a timer). */
async function waitForStatus(probe: () => Promise<Response>, status: number): Promise<Response> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await probe();
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('under pressure (a failing health check)', () => {
  let server: TestServer;
  let isHealthy = false;
  beforeAll(async () => {
    // The check runs once at start-up, so the app is under pressure from the first request.
    server = await startTestServer({
      pressure: { healthCheck: async () => isHealthy, healthCheckIntervalMs: 20 },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and does no work', async () => {
    const res = await server.call<ErrorBody>(getLanguages);
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailable);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const email = uniqueEmail();
    const body = {
      name: 'Shed',
      email,
      password: 'Secret123',
      repeat: 'Secret123',
      termsAccepted: true,
    };
    const signUpRes = await server.call<ErrorBody>(signUp, { body });
    expect(signUpRes.status).toBe(503);
    expect(signUpRes.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(await server.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await server.outbox.messages(email)).toEqual([]);
  });

  it('takes the instance out of rotation (/ready) but stays alive (/health, /metrics)', async () => {
    const ready = await server.fetch('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual(unavailable);
    const health = await server.fetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const metrics = await server.fetch('/metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/language",status_code="503"\} 1\n/,
    );
  });

  it('answers again once the check passes', async () => {
    isHealthy = true;
    const res = await waitForStatus(() => server.fetch('/api/language'), 200);
    expect(res.status).toBe(200);
    expect((await server.fetch('/ready')).status).toBe(200);
  });
});

describe.each<[string, TestServerOptions['pressure'], () => void]>([
  ['the heap over its limit', { maxHeapUsedBytes: 1, sampleIntervalMs: 10 }, () => {}],
  [
    'a blocked event loop',
    { maxEventLoopDelayMs: 1, sampleIntervalMs: 50 },
    () => {
      // The server runs in this process: keep its event loop busy for a while.
      const until = Date.now() + 150;
      while (Date.now() < until);
    },
  ],
])('under pressure (%s)', (_name, pressure, load) => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it('sheds requests with 503 while /health answers', async () => {
    server = await startTestServer({ pressure });
    const res = await waitForStatus(() => {
      load();
      return server.fetch('/api/language');
    }, 503);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(unavailable);
    expect((await server.fetch('/health')).status).toBe(200);
  });
});
