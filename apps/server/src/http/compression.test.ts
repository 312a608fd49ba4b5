import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, pickEncoding } from './compression';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describe('compress', () => {
  it('gives bytes that decompress to the answer', async () => {
    const json = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i })) });
    expect(brotliDecompressSync(await compress(json, 'br')).toString()).toBe(json);
    expect(gunzipSync(await compress(Buffer.from(json), 'gzip')).toString()).toBe(json);
  });
});
