import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

// JSON answers travel compressed when the client accepts it: a list page of 20 stations is
// 13-33 kB as text and a quarter of that compressed, and map answers over a region are
// megabytes. Compression runs on libuv's thread pool (the async zlib calls), not on the
// event loop; answers that are asked again keep their compressed bytes (answer-cache.ts).

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

// Brotli first: smaller than gzip at the same speed (every current browser sends `br`); gzip
// for the rest. Browsers send a handful of distinct headers, so the choice is remembered per
// header text, in a map that starts over when full (a client sending junk cannot grow it).
const negotiated = new Map<string, string>();
const MAX_NEGOTIATED = 256;
const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: {
    get: (key) => negotiated.get(key),
    has: (key) => negotiated.has(key),
    set(key, value) {
      if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
      negotiated.set(key, value);
      return this;
    },
  },
});

/** The encoding to answer with for an Accept-Encoding header, or null for plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const chosen = negotiator.negotiate(acceptEncoding);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a brotli window of 2^16 bytes holds (RFC 7932 §9.1: 2^WBITS - 16). */
const WINDOW_16_BYTES = (1 << 16) - 16;

const brotliOptions = (bytes: Buffer, quality = 2) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    // A window no bigger than the answer: the same bytes out, less memory set up per call
    // (a 12 kB list page: 51 µs instead of 56 µs at quality 1).
    ...(bytes.length <= WINDOW_16_BYTES ? { [constants.BROTLI_PARAM_LGWIN]: 16 } : {}),
  },
});

export function compress(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return encoding === 'br' ? brotli(bytes, brotliOptions(bytes)) : gzipAsync(bytes, { level: 6 });
}

/**
 * Up to this size an answer is compressed at once on the event loop, with brotli quality 1
 * (gzip 1 for clients without br). Measured for list pages of 10-50 stations (15 kB on
 * average, CPU per answer, docs/decisions/016): brotli 2 through the thread pool 120 µs and
 * 30-80 µs later, brotli 2 at once 107 µs → 2,348 B, brotli 1 at once 65 µs → 2,657 B. Every
 * new answer pays it, and under load the server's time is what the driver waits for: 40 %
 * less per answer for 309 more bytes (0.25 ms at 10 Mbit/s). Bigger answers (the map's) go to
 * the pool at quality 2, so the loop is never held long.
 */
export const COMPRESS_NOW_MAX_BYTES = 64 * 1024;

/** The compressed bytes made at once, or undefined for an answer bigger than that. */
export function compressNow(body: string | Buffer, encoding: Encoding): Buffer | undefined {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length > COMPRESS_NOW_MAX_BYTES) return undefined;
  return encoding === 'br'
    ? brotliCompressSync(bytes, brotliOptions(bytes, 1))
    : gzipSync(bytes, { level: 1 });
}
