import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

// The staff console (apps/console, SPEC §6) is served at /admin/ beside the driver app: its own
// index.html for every page path under /admin/ (client routing), its hashed assets immutable.

let server: TestServer;
let webDist: string;
let consoleDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'evcharge-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>evcharge</title><main>driver app</main>');
  await writeFile(path.join(webDist, 'app.html'), '<!doctype html><title>evcharge</title><main>driver app</main>');
  consoleDist = await mkdtemp(path.join(tmpdir(), 'evcharge-console-'));
  await writeFile(
    path.join(consoleDist, 'index.html'),
    '<!doctype html><title>staff console</title><script src="/admin/assets/index-abc123.js"></script>',
  );
  await mkdir(path.join(consoleDist, 'assets'));
  await writeFile(path.join(consoleDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ config: { webDist, consoleDist } });
});

afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
  await rm(consoleDist, { recursive: true, force: true });
});

const page = (p: string) =>
  server.fetch(p, { headers: { accept: 'text/html,application/xhtml+xml' }, redirect: 'manual' });

describe('the staff console at /admin/', () => {
  it('serves its index.html at /admin/, revalidated on every visit', async () => {
    const res = await page('/admin/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('staff console');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers its page paths with its index.html (client routing), never the driver app', async () => {
    for (const p of ['/admin/support', '/admin/support/0b6e4f3a-0000-4000-8000-000000000001', '/admin/moderation?page=2']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html, p).toContain('staff console');
      expect(html, p).not.toContain('driver app');
    }
  });

  it('sends /admin to /admin/', async () => {
    const res = await page('/admin');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/admin/');
  });

  it('serves hashed assets as immutable files and a missing one as 404', async () => {
    const asset = await server.fetch('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await server.fetch('/admin/assets/missing.js', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });

  it('leaves the driver app and the API as they were', async () => {
    const home = await page('/profile');
    expect(await home.text()).toContain('driver app');
    const api = await server.fetch('/api/admin/nope', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
