import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { Compressor } from 'zstd-napi';

// JSON answers travel compressed when the client accepts it: a list page of 20 stations is
// 13-33 kB as text and a sixth of that compressed, and map answers over a region are
// megabytes. Small answers are compressed at once on the event loop, big ones on libuv's
// thread pool (the async zlib calls); answers that are asked again keep their compressed
// bytes (answer-cache.ts).

/** The encodings of the web app's files (precompressed at build time). */
export type Encoding = 'br' | 'gzip';
/**
 * The encodings of JSON answers: Zstandard too (RFC 8878 §7.2, `zstd`), which Chromium-based
 * browsers (since 123) and Firefox (since 126) ask for; Safari asks for br and gzip.
 */
export type AnswerEncoding = Encoding | 'zstd';

/** Below this a compressed answer saves less than its headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

// Browsers send a handful of distinct Accept-Encoding headers, so each negotiator remembers
// its choice per header text, in a map that starts over when full (a client sending junk
// cannot grow it).
const MAX_NEGOTIATED = 256;
function remembered() {
  const map = new Map<string, string>();
  return {
    get: (key: string) => map.get(key),
    has: (key: string) => map.has(key),
    set(key: string, value: string) {
      if (map.size >= MAX_NEGOTIATED) map.clear();
      map.set(key, value);
      return this;
    },
  };
}

// The web app's files: brotli first, smaller than gzip at the same speed (every current
// browser sends `br`); gzip for the rest.
const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: remembered(),
});

/** The encoding to answer with for an Accept-Encoding header, or null for plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const chosen = negotiator.negotiate(acceptEncoding);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * Up to this size an answer is compressed at once on the event loop: zstd 1, or brotli quality
 * 1 for clients without zstd (gzip 1 for clients with neither). Measured for list pages of
 * 10-50 stations (15 kB on average, CPU per answer, docs/decisions/016): brotli 2 through the
 * thread pool 120 µs and 30-80 µs later, brotli 2 at once 107 µs → 2,348 B, brotli 1 at once
 * 65 µs → 2,657 B. Every new answer pays it, and under load the server's time is what the
 * driver waits for: 40 % less per answer for 309 more bytes (0.25 ms at 10 Mbit/s). Bigger
 * answers (the map's) go to the pool at quality 2, so the loop is never held long.
 */
export const COMPRESS_NOW_MAX_BYTES = 64 * 1024;

// A small answer is compressed at once, and zstd 1 does it in half brotli 1's time, a tenth
// smaller (bench/RESULTS.md: list pages of 14.6 kB on average, 22 µs → 2,135 B against 46 µs →
// 2,420 B): zstd first. A big one goes to the thread pool, which zlib's brotli and gzip use and
// the zstd binding does not: brotli first there, zstd only for a client that takes nothing else.
const smallAnswers = new Negotiator<AnswerEncoding | 'identity'>({
  supportedValues: ['zstd', 'br', 'gzip', 'identity'],
  cache: remembered(),
});
const bigAnswers = new Negotiator<AnswerEncoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'zstd', 'identity'],
  cache: remembered(),
});

/**
 * The encoding of a JSON answer of `bytes` for an Accept-Encoding header (the q-values first,
 * then the cheapest for its size), or null for plain bytes.
 */
export function pickAnswerEncoding(
  acceptEncoding: string | undefined,
  bytes: number,
): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const negotiator = bytes <= COMPRESS_NOW_MAX_BYTES ? smallAnswers : bigAnswers;
  const chosen = negotiator.negotiate(acceptEncoding);
  return chosen === 'identity' ? null : chosen;
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

/**
 * One Zstandard context for the process, reused by every answer (no set-up per call). Level 1:
 * on the list pages the same bytes as level 3 (the level adapts to a small input) for less time.
 */
const zstd = new Compressor();
zstd.setParameters({ compressionLevel: 1 });

export function compress(body: string | Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'zstd') return Promise.resolve(zstd.compress(bytes));
  return encoding === 'br' ? brotli(bytes, brotliOptions(bytes)) : gzipAsync(bytes, { level: 6 });
}

/** The compressed bytes made at once, or undefined for an answer bigger than that. */
export function compressNow(body: string | Buffer, encoding: AnswerEncoding): Buffer | undefined {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length > COMPRESS_NOW_MAX_BYTES) return undefined;
  if (encoding === 'zstd') return zstd.compress(bytes);
  return encoding === 'br'
    ? brotliCompressSync(bytes, brotliOptions(bytes, 1))
    : gzipSync(bytes, { level: 1 });
}
