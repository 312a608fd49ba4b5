import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

export function compress(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 2,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipAsync(bytes, { level: 6 });
}
