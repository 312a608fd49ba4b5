import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import { escapeHtml } from '../modules/dev';
import { loadBrandedWeb } from './branded-web';
import { sendError } from './errors';

// Paths the web app never owns: they answer JSON (or their own pages), never index.html.
const serverPrefixes = [
  '/api',
  '/auth',
  '/dev',
  '/health',
  '/ready',
  '/metrics',
  '/ocpp',
  '/admin',
];

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return serverPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** History-mode routing: a page navigation to a route of the app, not a missing asset. */
export function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isServerPath(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** /admin when the console has not been built: say so, and how to build it. */
function consoleMissingPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: staff console</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem}</style></head>
<body><h1>Staff console is not built</h1>
<p>The staff console of ${escapeHtml(title)} (support chat, review moderation) is a separate application and is not part of the driver app.
This server has no build of it: run <code>npm run build -w @evcharge/console</code> and restart the server.</p>
<p><a href="/">Back to the driver app</a></p></body></html>`;
}

/** Hashed assets never change; everything else (index.html, sw.js) is revalidated. */
function cacheHeaders(root: string) {
  return (res: { setHeader: (name: string, value: string) => unknown }, filePath: string) => {
    const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
    res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}

const CONSOLE_PREFIX = '/admin/';

/** A page of the console (client routing): an HTML navigation under /admin/, not a file. */
function wantsConsolePage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (!pathname.startsWith(CONSOLE_PREFIX) || pathname.startsWith(`${CONSOLE_PREFIX}assets/`)) {
    return false;
  }
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app from `webDist` (when it exists), answers unknown paths, and serves
 * the staff console (apps/console, SPEC §6: the administrator interface outside the driver
 * app) from `consoleDist` at /admin/.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { webDist: string; consoleDist: string },
): Promise<void> {
  const hasApp = existsSync(path.join(options.webDist, 'index.html'));
  const hasConsole = existsSync(path.join(options.consoleDist, 'index.html'));
  // index.html paints the map home's static shell; every other screen's path gets app.html
  // (the same app with a neutral shell) when the build has it. Both, the manifest and the
  // service worker carry the brand of the host asked (plugins/brand-page.ts).
  const web = hasApp ? await loadBrandedWeb(app, options.webDist) : null;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      // An array: with a string, @fastify/static 8 finds no index for / when it looks for a
      // precompressed copy, and / went to the not-found handler below.
      index: ['index.html'],
      // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders(options.webDist),
    });
  }

  app.get('/admin', { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.slice('/admin'.length);
    return reply.redirect(`${CONSOLE_PREFIX}${query}`, 301);
  });
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: options.consoleDist,
      prefix: CONSOLE_PREFIX,
      // The driver app's registration decorates the reply; the console's only when alone.
      decorateReply: !hasApp,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: cacheHeaders(options.consoleDist),
    });
  } else {
    const missing = async (request: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(consoleMissingPage(request.brand.title));
    app.get('/admin/*', { schema: { hide: true } }, missing);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasConsole && wantsConsolePage(request)) {
      return reply.sendFile('index.html', options.consoleDist);
    }
    if (web && wantsAppShell(request)) return web.sendPage(request, reply);
    return sendError(reply, new AppError('NOT_FOUND'));
  });
}
