/* global self, caches, fetch, Headers, Request, Response, URL, setTimeout, clearTimeout */
// The last stations seen, for a phone without a network (SPEC §2 map home and detailStation),
// imported by the service worker vite-plugin-pwa generates (pwa.config.ts `importScripts`).
//
// Only the station answers are kept: the map's points, the list and one station's details
// (their guest and signed-in twins). Each goes to the network first; when the network fails or
// is too slow, the last answer kept for that request (or, failing that, the last for that
// endpoint) is given instead, marked with the time it was received, and the page is told so it
// can say it is offline. Nothing else is answered here: no page the server serves, no money,
// no sign-in, no session. The signed-in answers sit in a cache of their own, which the app
// deletes when the driver signs out (src/app/service-worker.ts).

const GUEST_CACHE = 'evcharge-stations';
const USER_CACHE = 'evcharge-stations-user';
/** A weak link gets this long before the last answer kept is shown instead. */
const NETWORK_TIMEOUT_MS = 6000;
const SAVED_AT = 'X-Evcharge-Saved-At';

/** The station endpoints kept offline: [path pattern, method, is a guest answer]. */
const stationEndpoints = [
  [/^\/api\/chargestations\/points\/guest$/, 'POST', true],
  [/^\/api\/chargestations\/points$/, 'POST', false],
  [/^\/api\/chargestations\/guest$/, 'POST', true],
  [/^\/api\/chargestations\/filtered$/, 'POST', false],
  [/^\/api\/v2\/chargestation\/[0-9a-f-]{36}\/guest$/i, 'GET', true],
  [/^\/api\/v2\/chargestation\/[0-9a-f-]{36}$/i, 'GET', false],
];

function endpointOf(request) {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  for (const [pattern, method, isGuest] of stationEndpoints) {
    if (request.method === method && pattern.test(url.pathname)) return { url, isGuest };
  }
  return null;
}

/** Cache keys are GET requests: a POST's body goes into its key. */
function keysOf(url, body) {
  const exact = new URL(url);
  if (body) exact.searchParams.set('__body', body);
  const latest = new URL(url.origin + url.pathname);
  latest.searchParams.set('__latest', '1');
  return { exact: new Request(exact.href), latest: new Request(latest.href) };
}

function tell(clientId, message) {
  if (!clientId) return;
  void self.clients.get(clientId).then((client) => client && client.postMessage(message));
}

async function keep(cacheName, keys, response) {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  const cache = await caches.open(cacheName);
  const init = { status: response.status, statusText: response.statusText, headers };
  await Promise.all([cache.put(keys.exact, new Response(body, init)), cache.put(keys.latest, new Response(body, init))]);
}

async function lastKept(cacheName, keys) {
  const cache = await caches.open(cacheName);
  return (await cache.match(keys.exact)) || (await cache.match(keys.latest));
}

async function answer(event, endpoint) {
  const { request, clientId } = event;
  const body = request.method === 'POST' ? await request.clone().text() : '';
  const keys = keysOf(endpoint.url, body);
  const cacheName = endpoint.isGuest ? GUEST_CACHE : USER_CACHE;
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS);
  });
  const network = fetch(request).then(
    (response) => {
      if (response.ok) {
        event.waitUntil(keep(cacheName, keys, response.clone()).catch(() => undefined));
        tell(clientId, { type: 'evcharge:network' });
      }
      return response;
    },
    () => null,
  );
  const first = await Promise.race([network, slow]);
  clearTimeout(timer);
  if (first) return first;
  const kept = await lastKept(cacheName, keys);
  if (kept) {
    tell(clientId, { type: 'evcharge:offline-answer', savedAt: kept.headers.get(SAVED_AT) });
    return kept;
  }
  // Nothing kept: wait for the network after all, or fail as a fetch without a worker does.
  const late = await network;
  if (late) return late;
  tell(clientId, { type: 'evcharge:offline' });
  return Response.error();
}

self.addEventListener('fetch', (event) => {
  const endpoint = endpointOf(event.request);
  if (endpoint) event.respondWith(answer(event, endpoint));
});
