import { expect } from 'vitest';
import { SANDBOX_3DS_CODE } from '../payments/sandbox/test-cards';
import type { TestServer } from './harness';

// Walks the sandbox acquirer's card page over HTTP as a browser would: the card form, the
// 3-D Secure step, and the way back to the shop's return page.

export type CardEntry = { number: string; expiry?: string; cvc?: string; code?: string };

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/** The path of one of the server's own URLs (PUBLIC_URL in tests is not this server). */
export function ownPath(server: TestServer, url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(server.config.publicUrl);
  return `${parsed.pathname}${parsed.search}`;
}

/** Fills the card page and the 3-D Secure step; answers where the browser is sent in the end. */
export async function payOnSandboxPage(
  server: TestServer,
  redirectUrl: string,
  card: CardEntry,
): Promise<{ status: number; location: string | null; html: string }> {
  const pagePath = ownPath(server, redirectUrl);
  const page = await server.fetch(pagePath);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
  if (!action) throw new Error('no card form on the sandbox page');
  const entered = await server.fetch(
    action,
    form({ number: card.number, expiry: card.expiry ?? '12/34', cvc: card.cvc ?? '123' }),
  );
  if (entered.status !== 303) {
    return { status: entered.status, location: null, html: await entered.text() };
  }
  const challengePage = await server.fetch(entered.headers.get('location') ?? '');
  const challengeHtml = await challengePage.text();
  const challenge = /<form method="post" action="([^"]+)"/.exec(challengeHtml)?.[1];
  if (!challenge) throw new Error('no 3-D Secure form on the sandbox page');
  const done = await server.fetch(
    challenge.replace(/&#38;/g, '&'),
    form({ code: card.code ?? SANDBOX_3DS_CODE }),
  );
  return {
    status: done.status,
    location: done.headers.get('location'),
    html: done.status === 303 ? '' : await done.text(),
  };
}
