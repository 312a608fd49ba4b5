import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'evcharge-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  server = await startTestServer({ config: { webDist }, rateLimits: { globalPerMinute: 3 } });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('per-address rate limit', () => {
  it('counts API calls and answers 429 TOO_MANY_REQUESTS with the seconds to wait', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await server.fetch('/api/language')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await server.fetch('/api/language');
    const body = (await res.json()) as { code: string; details: { retryAfterSeconds: number } };
    expect(body.code).toBe('TOO_MANY_REQUESTS');
    expect(body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it("never counts the web app's own files and pages", async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await server.fetch('/assets/app-1.js')).status).toBe(200);
      const page = await server.fetch('/profile', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
    }
  });
});
