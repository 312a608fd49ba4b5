import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { brandById, brandIds, publicBrand } from '../brand/brands';
import { pickEncoding, type Encoding } from '../http/compression';
import {
  brandedPage,
  brandedPushHandler,
  brandedServiceWorker,
  brandManifest,
} from './brand-page';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Made = {
  body: Buffer;
  etag: string;
  type: string;
  encoded: Map<Encoding, Promise<Buffer>>;
};

/** A file of the build as one brand gets it; null when the build has no such file. */
type Maker = (brand: BrandConfig) => string | null;

/**
 * The web build's files that carry the brand (plugins/brand-page.ts), made once per brand and
 * kept with their compressed bytes: they are what a first visit downloads first. Revalidated
 * by ETag (`cache-control: no-cache`), as @fastify/static does for the rest.
 */
export async function loadBrandedWeb(app: FastifyInstance, webDist: string) {
  const read = (file: string) => {
    const full = path.join(webDist, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
  const indexHtml = read('index.html') ?? '';
  // app.html: the same app with a neutral shell, for every path but the map home's.
  const appHtml = read('app.html');
  const pushHandler = read('push-sw.js');
  const serviceWorker = read('sw.js');
  if (serviceWorker !== null && !brandedServiceWorker(serviceWorker, publicBrand(brandById(brandIds[0])))) {
    app.log.warn(
      'sw.js precaches none of index.html, app.html, push-sw.js: its pages are not marked with the brand',
    );
  }

  const makers: Record<string, Maker> = {
    'index.html': (brand) => brandedPage(indexHtml, publicBrand(brand)),
    'app.html': (brand) => brandedPage(appHtml ?? indexHtml, publicBrand(brand)),
    'push-sw.js': (brand) => pushHandler && brandedPushHandler(pushHandler, publicBrand(brand)),
    'sw.js': (brand) =>
      serviceWorker && (brandedServiceWorker(serviceWorker, publicBrand(brand)) ?? serviceWorker),
    'manifest.webmanifest': (brand) => JSON.stringify(brandManifest(publicBrand(brand))),
  };
  const types: Record<string, string> = {
    'index.html': 'text/html; charset=utf-8',
    'app.html': 'text/html; charset=utf-8',
    'push-sw.js': 'text/javascript; charset=utf-8',
    'sw.js': 'text/javascript; charset=utf-8',
    'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
  };
  const made = new Map<string, Made | null>();

  function fileFor(file: string, brand: BrandConfig): Made | null {
    const key = `${brand.id}/${file}`;
    if (made.has(key)) return made.get(key)!;
    const text = makers[file]!(brand);
    const entry =
      text === null
        ? null
        : {
            body: Buffer.from(text),
            etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
            type: types[file]!,
            encoded: new Map<Encoding, Promise<Buffer>>(),
          };
    made.set(key, entry);
    return entry;
  }

  function encode(entry: Made, encoding: Encoding): Promise<Buffer> {
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      // Made once per brand and file: the best compression is worth its time here.
      bytes =
        encoding === 'br'
          ? brotli(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipAsync(entry.body, { level: 9 });
      entry.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  async function send(file: string, request: FastifyRequest, reply: FastifyReply) {
    const entry = fileFor(file, request.brand);
    if (!entry) return reply.callNotFound();
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', entry.etag)
      .type(entry.type);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(entry.body);
    return reply.header('content-encoding', encoding).send(await encode(entry, encoding));
  }

  const routeOptions = { schema: { hide: true } };
  for (const [url, file] of [
    ['/', 'index.html'],
    ['/index.html', 'index.html'],
    ['/app.html', 'app.html'],
    ['/push-sw.js', 'push-sw.js'],
    ['/sw.js', 'sw.js'],
    ['/manifest.webmanifest', 'manifest.webmanifest'],
  ] as const) {
    app.get(url, routeOptions, (request, reply) => send(file, request, reply));
  }

  return {
    /** The page for a navigation to a route of the app: the map home's or the neutral one. */
    sendPage(request: FastifyRequest, reply: FastifyReply) {
      const isHome = (request.url.split('?')[0] ?? '/') === '/';
      return send(isHome ? 'index.html' : 'app.html', request, reply);
    },
  };
}
