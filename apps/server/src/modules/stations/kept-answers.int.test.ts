import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { decompress } from 'zstd-napi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationPageSchema } from '@evcharge/api/stations/station-schemas';
import { allTypes, area, openStreet, type Street } from './street-fixture';

let street: Street;
beforeAll(async () => {
  street = await openStreet();
});
afterAll(async () => {
  await street?.server.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return street.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const guestList = '/api/chargestations/guest';
const everything = { connectorTypes: allTypes, bounds: area, pageSize: 50 };

describe('list and map answers', () => {
  it('travel zstd-, brotli- or gzip-compressed when the client accepts it, and the same as plain', async () => {
    // fetch asks for gzip and decompresses by itself: read the raw bytes through node:http.
    const plain = await rawPost(guestList, everything, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const text = plain.body.toString();
    expect(text.length).toBeGreaterThan(1024);
    expect(await (await post(guestList, everything)).text()).toBe(text);

    for (const [encoding, decode] of [
      ['zstd', decompress],
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const raw = await rawPost(guestList, everything, { 'accept-encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.body.length).toBeLessThan(text.length / 2);
      expect(decode(raw.body).toString()).toBe(text);
    }
    // What current browsers send: Chromium and Firefox get zstd, Safari brotli.
    const chromium = await rawPost(guestList, everything, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(chromium.headers['content-encoding']).toBe('zstd');
    const safari = await rawPost(guestList, everything, { 'accept-encoding': 'gzip, deflate, br' });
    expect(safari.headers['content-encoding']).toBe('br');
  });

  it('stay plain when small, or when the client accepts no encoding we make', async () => {
    const small = await rawPost(
      guestList,
      { ...everything, pageSize: 1 },
      { 'accept-encoding': 'br' },
    );
    expect(small.headers['content-encoding']).toBeUndefined();
    stationPageSchema.parse(JSON.parse(small.body.toString()));
    const deflateOnly = await rawPost(guestList, everything, { 'accept-encoding': 'deflate' });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
  });

  it('asked again give the same answer, and a filter written in another order the same stations', async () => {
    const first = await (await post(guestList, everything)).text();
    expect(await (await post(guestList, everything)).text()).toBe(first);
    const reordered = { pageSize: 50, bounds: area, connectorTypes: allTypes };
    expect(await (await post(guestList, reordered)).text()).toBe(first);
  });

  it('show a new station as soon as the model knows it', async () => {
    const before = stationPageSchema.parse(await (await post(guestList, everything)).json());
    await street.add({ newcomer: { lat: 10.06, lng: 20.01 } });
    const after = stationPageSchema.parse(await (await post(guestList, everything)).json());
    expect(after.total).toBe(before.total + 1);
    expect(street.names(after)).toContain('newcomer');
  });

  it('never answer a bad filter from a kept answer', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post(guestList, { ...everything, connectorTypes: [] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('NO_CONNECTOR_TYPES');
    }
  });
});

async function rawPost(path: string, body: unknown, headers: Record<string, string>) {
  const { request } = await import('node:http');
  const url = new URL(path, street.server.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}
