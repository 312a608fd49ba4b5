import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLegal } from '@evcharge/api/brand/get-legal';
import { getLanguages } from '@evcharge/api/users/get-languages';
import type { ErrorBody } from '@evcharge/domain/errors';
import { startTestServer, type TestServer } from '../test/harness';

// The sample line of one histogram series: `<name>{labels} <value>`.
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

const count = (text: string, labels: string) =>
  sample(text, 'http_request_duration_seconds_count', labels);

describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves process metrics and request durations by route pattern', async () => {
    for (let i = 0; i < 3; i++) expect((await server.fetch('/health')).status).toBe(200);
    expect((await server.call(getLanguages)).status).toBe(200);
    for (const document of ['termsofuse', 'privacypolicy']) {
      const res = await server.call(getLegal, { params: { document } });
      expect(res.status).toBe(200);
    }
    expect((await server.call(getLegal, { params: { document: 'nope' } })).status).toBe(400);
    expect((await server.fetch('/api/no-such-thing-4711')).status).toBe(404);

    const res = await server.fetch('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();

    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(count(text, 'method="GET",route="/health",status_code="200"')).toBe(3);
    expect(count(text, 'method="GET",route="/api/language",status_code="200"')).toBe(1);
    // Two documents, one series: the pattern, not the URL.
    const legal = 'method="GET",route="/api/brand/legal/:document"';
    expect(count(text, `${legal},status_code="200"`)).toBe(2);
    expect(count(text, `${legal},status_code="400"`)).toBe(1);
    expect(count(text, 'method="GET",route="<unmatched>",status_code="404"')).toBe(1);
    expect(text).not.toContain('termsofuse');
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket',
        'le="+Inf",method="GET",route="/health",status_code="200"',
      ),
    ).toBe(3);

    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('does not time its own scrapes', async () => {
    await server.fetch('/metrics');
    const text = await (await server.fetch('/metrics')).text();
    expect(text).not.toContain('route="/metrics"');
  });

  it('is open without METRICS_TOKEN', async () => {
    const res = await server.fetch('/metrics', { headers: { authorization: 'Bearer whatever' } });
    expect(res.status).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const metricsToken = 'scrape-me-0123456789abcdef';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer scrape-me-0123456789abcdeX'],
    ['a prefix of the token', 'Bearer scrape-me'],
    ['the token without the Bearer scheme', metricsToken],
    ['basic auth', `Basic ${Buffer.from(`x:${metricsToken}`).toString('base64')}`],
  ])('answers 401 UNAUTHORIZED for %s', async (_name, authorization) => {
    const res = await server.fetch('/metrics', {
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('UNAUTHORIZED');
    expect(typeof body.message).toBe('string');
  });

  it('answers the scraper that sends the token', async () => {
    await server.fetch('/health');
    const res = await server.fetch('/metrics', {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    // Its own registry: only this app's requests, not the other server's in this file.
    expect(count(text, 'method="GET",route="/health",status_code="200"')).toBe(1);
  });
});
