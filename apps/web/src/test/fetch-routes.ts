import { jsonResponse } from './render';

// A fetch stand-in that answers by method and path, as the server would, and records what
// the screen sent. Anything unrouted answers 404 like an unknown API path.

export type SentRequest = { method: string; url: URL; body: unknown };
type Reply = Response | ((request: SentRequest, init: RequestInit | undefined) => Response | Promise<Response>);
export type FetchRoute = { method?: string; path: string | RegExp; reply: Reply };

export function routeFetch(routes: FetchRoute[]) {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    sent.push(request);
    const route = routes.find((r) =>
      (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)),
    );
    if (!route) return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
    // A Response can be read once: a fixed answer is copied for each request.
    return typeof route.reply === 'function' ? route.reply(request, init) : route.reply.clone();
  };
  return { fetch, sent };
}

/** A long poll that holds until the screen lets go of it (its request is aborted). */
export function heldUntilAborted(_request: SentRequest, init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
  });
}
