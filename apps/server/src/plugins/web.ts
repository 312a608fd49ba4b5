import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import { escapeHtml } from '../modules/dev';
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

function adminPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: administration</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem}</style></head>
<body><h1>Administrator interface</h1>
<p>The administrator interface of ${escapeHtml(title)} is a separate application and is not part of the driver app.</p>
<p><a href="/">Back to the driver app</a></p></body></html>`;
}

/**
 * Serves the built web app from `webDist` (when it exists), answers unknown paths, and
 * keeps /admin out of the app (SPEC §2: the administrator interface lives elsewhere).
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { webDist: string; brandTitle: string },
): Promise<void> {
  const hasApp = existsSync(path.join(options.webDist, 'index.html'));
  // index.html paints the map home's static shell; every other screen's path gets app.html
  // (the same app with a neutral shell) when the build has it.
  const hasScreenPage = existsSync(path.join(options.webDist, 'app.html'));
  const pageFor = (url: string) =>
    hasScreenPage && (url.split('?')[0] ?? '/') !== '/' ? 'app.html' : 'index.html';
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      // An array: with a string, @fastify/static 8 finds no index for / when it looks for a
      // precompressed copy, and / went to the not-found handler below.
      index: ['index.html'],
      // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      // Hashed assets never change; everything else (index.html, sw.js) is revalidated.
      setHeaders: (res, filePath) => {
        const relative = path.relative(options.webDist, filePath);
        const immutable = relative.startsWith(`assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const admin = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').send(adminPage(options.brandTitle));
  app.get('/admin', { schema: { hide: true } }, admin);
  app.get('/admin/*', { schema: { hide: true } }, admin);

  app.setNotFoundHandler(async (request, reply) => {
    if (hasApp && wantsAppShell(request)) return reply.sendFile(pageFor(request.url));
    return sendError(reply, new AppError('NOT_FOUND'));
  });
}
