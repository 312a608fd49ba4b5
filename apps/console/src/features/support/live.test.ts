import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { buildMessage } from '../../test/builders';
import { heldUntilAborted, jsonResponse, routeFetch } from '../../test/fetch';
import { runSupportLive, type LiveMessage } from './live';

beforeEach(() => {
  vi.useFakeTimers();
  startSession({ accessToken: 'tok' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const live = (seq: number, userId = 'driver-1'): LiveMessage => ({ ...buildMessage({ seq }), userId });

describe('the support live feed', () => {
  it('moves the cursor with each answer and, after failures, asks again from the same cursor', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => jsonResponse(200, { cursor: 7, items: [live(6), live(7)] }),
      // No answer at all: fetch itself rejects.
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down' }),
      () => jsonResponse(200, { cursor: 9, items: [live(9, 'driver-2')] }),
      () => jsonResponse(200, { cursor: 9, items: [] }),
    ];
    let call = 0;
    const server = routeFetch([
      {
        path: /^\/api\/admin\/support\/subscribe\/\d+$/,
        reply: (request, init) => {
          const answer = answers[call];
          call += 1;
          return answer ? answer() : heldUntilAborted(request, init);
        },
      },
    ]);
    vi.stubGlobal('fetch', server.fetch);

    const received: LiveMessage[][] = [];
    const states: string[] = [];
    const controller = new AbortController();
    const done = runSupportLive({
      signal: controller.signal,
      onMessages: (items) => received.push(items),
      onState: (state) => states.push(state),
      waitSeconds: 25,
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(received.map((batch) => batch.map((m) => m.seq))).toEqual([[6, 7]]);
    // The failure of the second ask: the next waits 1 s, the one after 2 s.
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.sent).toHaveLength(6);

    const cursors = server.sent.map((request) => request.url.pathname.split('/').at(-1));
    expect(cursors).toEqual(['0', '7', '7', '7', '9', '9']);
    expect(server.sent.every((request) => request.url.searchParams.get('wait') === '25')).toBe(true);
    expect(server.sent.every((request) => request.authorization === 'Bearer tok')).toBe(true);
    expect(received.map((batch) => batch.map((m) => m.seq))).toEqual([[6, 7], [9]]);
    expect(states).toEqual(['retrying', 'retrying', 'live']);

    controller.abort();
    await done;
  });

  it('stops when the session is gone', async () => {
    const server = routeFetch([
      { path: /^\/api\/admin\/support\/subscribe\//, reply: () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'No' }) },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await runSupportLive({ signal: new AbortController().signal, onMessages: () => undefined });
    expect(server.sent).toHaveLength(1);
  });
});
