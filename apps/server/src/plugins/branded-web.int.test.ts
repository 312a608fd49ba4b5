import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandById, publicBrand } from '../brand/brands';
import { startTestServer, type TestServer } from '../test/harness';
import { requestAsHost } from '../test/host-request';
import { brandFingerprint } from './brand-page';

// SPEC §1: one build of the web app, one server, two brands by host name. Every file that
// carries the brand reaches the browser as the host's brand: the pages (first paint), the
// manifest, the push handler, the service worker's precache marks, and the page's CSP.

const html = (shell: string) => `<!doctype html>
<html lang="ru"><head>
<meta name="theme-color" content="#0b6e4f" />
<link rel="icon" href="/icon.svg" type="image/svg+xml" />
<link rel="manifest" href="/manifest.webmanifest" />
<title>evcharge</title>
</head><body><div id="root">${shell}</div></body></html>`;

const worker =
  'e.precacheAndRoute([{url:"index.html",revision:"i1"},{url:"app.html",revision:"a1"},{url:"push-sw.js",revision:"p1"},{url:"icon.svg",revision:"s1"}],{})';

describe('the web build as each brand gets it', () => {
  let server: TestServer;
  let webDist: string;
  const get = (host: string, url: string, headers: Record<string, string> = {}) =>
    requestAsHost(server.baseUrl, host, url, { headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'evcharge-branded-web-'));
    writeFileSync(path.join(webDist, 'index.html'), html('<span class="brand-mark__title">evcharge</span><i>map home</i>'));
    writeFileSync(path.join(webDist, 'app.html'), html('<img class="boot-splash__logo" src="/icon.svg" alt="">'));
    writeFileSync(path.join(webDist, 'sw.js'), worker);
    writeFileSync(path.join(webDist, 'push-sw.js'), "self.registration.showNotification(t, { icon: '/icon.svg' });");
    writeFileSync(path.join(webDist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ config: { webDist, brandHosts: { 'volt.example': 'volt' } } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("paints the host's brand in the map home's page: title, colour, icon, colours, the brand", async () => {
    const volt = await get('volt.example', '/');
    expect(volt.status).toBe(200);
    expect(volt.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(volt.text).toContain('<title>Volt Charge</title>');
    expect(volt.text).toContain('<meta name="theme-color" content="#6d28d9"');
    expect(volt.text).toContain('href="/brands/volt/icon.svg"');
    expect(volt.text).toContain('<span class="brand-mark__title">Volt Charge</span><i>map home</i>');
    expect(volt.text).toMatch(/<style id="brand-colors">:root\{--brand:#6d28d9;/);
    expect(volt.text).toContain('"id":"volt"');
    expect(volt.text).not.toContain('"shop"');

    const demo = await get('127.0.0.1', '/');
    expect(demo.text).toContain('<title>evcharge</title>');
    expect(demo.text).toContain('href="/icon.svg"');
    expect(demo.text).toContain('"id":"demo"');
  });

  it("answers every other screen's navigation with the neutral page, in the host's brand", async () => {
    for (const url of ['/profile', '/app.html', '/detailStation?id=1']) {
      const volt = await get('volt.example', url);
      expect(volt.status, url).toBe(200);
      expect(volt.text, url).toContain('<img class="boot-splash__logo" src="/brands/volt/icon.svg"');
      expect(volt.text, url).toContain('<title>Volt Charge</title>');
    }
    expect((await get('volt.example', '/index.html')).text).toContain('<i>map home</i>');
  });

  it("serves the host's Web App Manifest", async () => {
    const volt = await get('volt.example', '/manifest.webmanifest', { accept: '*/*' });
    expect(volt.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(volt.json()).toMatchObject({
      name: 'Volt Charge',
      short_name: 'Volt',
      theme_color: '#6d28d9',
      icons: [{ src: '/brands/volt/icon.svg' }, { src: '/brands/volt/icon-maskable.svg' }],
    });
    const demo = await get('127.0.0.1', '/manifest.webmanifest', { accept: '*/*' });
    expect(demo.json()).toMatchObject({ name: 'evcharge', icons: [{ src: '/icon.svg' }, { src: '/icon-maskable.svg' }] });
  });

  it("marks the service worker's branded pages with the host's brand, so no worker keeps another brand's", async () => {
    const volt = await get('volt.example', '/sw.js', { accept: '*/*' });
    const demo = await get('127.0.0.1', '/sw.js', { accept: '*/*' });
    const voltMark = brandFingerprint(publicBrand(brandById('volt')));
    expect(volt.text).toContain(`{url:"index.html",revision:"i1.${voltMark}"}`);
    expect(volt.text).toContain(`{url:"app.html",revision:"a1.${voltMark}"}`);
    expect(volt.text).toContain(`{url:"push-sw.js",revision:"p1.${voltMark}"}`);
    expect(volt.text).toContain('{url:"icon.svg",revision:"s1"}');
    expect(demo.text).not.toBe(volt.text);
    expect(demo.headers['cache-control']).toBe('no-cache');
    const push = await get('volt.example', '/push-sw.js', { accept: '*/*' });
    expect(push.text).toContain('icon: "/brands/volt/icon.svg"');
  });

  it('sends compressed bytes to a browser that takes them, and 304 to one that has the page', async () => {
    const plain = await get('volt.example', '/');
    const compressed = await requestAsHost(server.baseUrl, 'volt.example', '/', {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      // requestAsHost reads text; ask again for the raw bytes to decompress them.
      import('node:http').then(({ default: http }) => {
        http
          .get(new URL('/', server.baseUrl), { headers: { host: 'volt.example', 'accept-encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject);
      }, reject);
    });
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(plain.text);
    const etag = plain.headers.etag!;
    expect((await get('volt.example', '/', { 'if-none-match': etag })).status).toBe(304);
    // Another brand's page is another page.
    expect((await get('127.0.0.1', '/', { 'if-none-match': etag })).status).toBe(200);
  });

  it("allows the brand's external counter in the page's policy, and only on its host", async () => {
    const volt = await get('volt.example', '/');
    const demo = await get('127.0.0.1', '/');
    expect(volt.headers['content-security-policy']).toContain("script-src 'self' https://stats.volt.demo;");
    expect(demo.headers['content-security-policy']).toContain("script-src 'self';");
    // The API's answers allow nothing, whatever the host.
    const api = await requestAsHost(server.baseUrl, 'volt.example', '/api/brand');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
