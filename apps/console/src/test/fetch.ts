// A fetch stand-in that answers by method and path, as the server would, and records what the
// console sent (with its Authorization header). Anything unrouted answers 404.

export type SentRequest = { method: string; url: URL; body: unknown; authorization: string | null };
type Reply = Response | ((request: SentRequest, init: RequestInit | undefined) => Response | Promise<Response>);
export type FetchRoute = { method?: string; path: string | RegExp; reply: Reply };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function routeFetch(routes: FetchRoute[]) {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    const request = { method, url, body, authorization: headers.get('authorization') };
    sent.push(request);
    const route = routes.find(
      (r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)),
    );
    if (!route) return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
    return typeof route.reply === 'function' ? route.reply(request, init) : route.reply.clone();
  };
  return { fetch, sent };
}

/** A long poll that holds until the console lets go of it (its request is aborted). */
export function heldUntilAborted(_request: SentRequest, init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
  });
}
