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
  it('starts after the newest message the inbox knows, holds, and after failures asks again from the same cursor', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      // Live from the inbox's cursor on: what was before is the inbox's own state.
      () => jsonResponse(200, { cursor: 7, items: [live(6), live(7)] }),
      // No answer at all: fetch itself rejects.
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down' }),
      () => jsonResponse(200, { cursor: 9, items: [live(9, 'driver-2')] }),
    ];
    let call = 0;
    const server = routeFetch([
      {
        path: /^\/api\/admin\/support\/conversations$/,
        reply: () => jsonResponse(200, { items: [], total: 0, waiting: 0, cursor: 5 }),
      },
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
    const events: string[] = [];
    const controller = new AbortController();
    const done = runSupportLive({
      signal: controller.signal,
      onMessages: (items) => received.push(items),
      onCaughtUp: () => events.push('caught up'),
      onState: (state) => events.push(state),
      waitSeconds: 25,
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['caught up', 'retrying']);
    expect(received.map((batch) => batch.map((m) => m.seq))).toEqual([[6, 7]]);
    // The first failure: the next ask waits 1 s; the second failure: 2 s.
    expect(server.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.sent).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(6);

    const asks = server.sent.map((request) => [request.url.pathname.split('/').at(-1), request.url.searchParams.get('wait')]);
    expect(asks).toEqual([
      ['conversations', null],
      ['5', '25'],
      ['7', '25'],
      ['7', '25'],
      ['7', '25'],
      ['9', '25'],
    ]);
    expect(server.sent.every((request) => request.authorization === 'Bearer tok')).toBe(true);
    expect(received.map((batch) => batch.map((m) => m.seq))).toEqual([[6, 7], [9]]);
    expect(events).toEqual(['caught up', 'retrying', 'retrying', 'live']);

    controller.abort();
    await done;
  });

  it('stops when the session is gone', async () => {
    const server = routeFetch([
      { path: /^\/api\/admin\/support\/subscribe\//, reply: () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'No' }) },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await runSupportLive({ signal: new AbortController().signal, onMessages: () => undefined, cursor: 3 });
    expect(server.sent).toHaveLength(1);
  });
});
