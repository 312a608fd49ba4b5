import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompress } from 'zstd-napi';
import {
  compress,
  COMPRESS_NOW_MAX_BYTES,
  compressNow,
  pickAnswerEncoding,
  pickEncoding,
} from './compression';

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

describe('pickAnswerEncoding', () => {
  const small = 15_000;
  const big = COMPRESS_NOW_MAX_BYTES + 1;
  it.each([
    // Chromium and Firefox send the first, Safari the second.
    ['gzip, deflate, br, zstd', small, 'zstd'],
    ['gzip, deflate, br', small, 'br'],
    ['gzip, deflate, br, zstd', big, 'br'],
    ['zstd', big, 'zstd'],
    ['zstd;q=0.5, br', small, 'br'],
    ['zstd;q=0, gzip', small, 'gzip'],
    ['gzip, deflate', big, 'gzip'],
    ['identity', small, null],
    ['deflate', small, null],
    [undefined, small, null],
  ])('%s for %i bytes → %s', (header, bytes, encoding) => {
    expect(pickAnswerEncoding(header, bytes)).toBe(encoding);
  });
});

describe('compress', () => {
  const json = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i })) });
  it('gives bytes that decompress to the answer', async () => {
    expect(brotliDecompressSync(await compress(json, 'br')).toString()).toBe(json);
    expect(gunzipSync(await compress(Buffer.from(json), 'gzip')).toString()).toBe(json);
    expect(decompress(await compress(json, 'zstd')).toString()).toBe(json);
  });

  it('compresses a small answer at once in every encoding, one context reused for zstd', () => {
    for (let i = 0; i < 3; i++) {
      const answer = `${json}${' '.repeat(i)}`;
      const zstd = compressNow(answer, 'zstd') as Buffer;
      expect(zstd.length).toBeLessThan(answer.length / 2);
      expect(decompress(zstd).toString()).toBe(answer);
    }
    expect(brotliDecompressSync(compressNow(json, 'br') as Buffer).toString()).toBe(json);
    expect(gunzipSync(compressNow(json, 'gzip') as Buffer).toString()).toBe(json);
    expect(compressNow(Buffer.alloc(COMPRESS_NOW_MAX_BYTES + 1), 'zstd')).toBeUndefined();
  });
});
