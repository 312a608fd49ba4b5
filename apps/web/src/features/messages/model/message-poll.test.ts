import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@evcharge/api/messages/messages';
import { startSession, clearSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse } from '@/test/render';
import { fetchMessagesAfter } from '../api/messages-api';
import { runMessagePoll, type MessagePollAnswer } from './message-poll';

// SPEC §7 GET /messages/subscribe/{cursor}: the chat's long poll asks from the newest seq it
// holds, and after a failure asks again from the same cursor, so no message is missed.

function message(seq: number, patch: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`, seq, author: 'support', kind: 'message', staffName: 'Olga', text: `Answer ${seq}`,
    files: [], session: null, createdAt: '2026-11-20T10:00:00.000Z', readAt: null, ...patch,
  };
}

type Step = { answer: MessagePollAnswer } | { network: true } | { status: number };

/** GET /api/messages/subscribe/… answered step by step; what the loop asked is recorded. */
function serve(steps: Step[], stop: () => void) {
  const asked: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const step = steps.shift();
    if (!step) {
      stop();
      return jsonResponse(200, { cursor: 0, items: [], readUpTo: 0 });
    }
    if ('network' in step) throw new TypeError('Failed to fetch');
    if ('status' in step) return jsonResponse(step.status, { code: 'SERVICE_UNAVAILABLE', message: 'Down' });
    return jsonResponse(200, step.answer);
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
}

beforeEach(() => {
  startSession(buildClient('tok'));
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});

describe('runMessagePoll', () => {
  it('asks from the newest seq, then again from the same cursor after failures, with a growing pause', async () => {
    const controller = new AbortController();
    const asked = serve(
      [
        { answer: { cursor: 7, items: [message(6), message(7)], readUpTo: 3 } },
        { network: true },
        { status: 503 },
        { answer: { cursor: 8, items: [message(8)], readUpTo: 5 } },
      ],
      () => controller.abort(),
    );
    const answers: MessagePollAnswer[] = [];
    let readUpTo = 3;
    const run = runMessagePoll(
      {
        fetchAfter: fetchMessagesAfter,
        readUpTo: () => readUpTo,
        onAnswer: (answer) => {
          answers.push(answer);
          readUpTo = answer.readUpTo;
        },
        onFinalError: () => undefined,
      },
      5,
      controller.signal,
    );

    await vi.advanceTimersByTimeAsync(0);
    expect(asked.map((url) => url.pathname)).toEqual(['/api/messages/subscribe/5', '/api/messages/subscribe/7']);
    // The network failed: 1 s later the same cursor again, then 2 s after the 503.
    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(3);
    expect(asked[2]!.pathname).toBe('/api/messages/subscribe/7');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked[3]!.pathname).toBe('/api/messages/subscribe/7');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked[4]!.pathname).toBe('/api/messages/subscribe/8');
    // The driver's readUpTo goes with each ask: support reading more answers the poll.
    expect(asked.map((url) => url.searchParams.get('read'))).toEqual(['3', '3', '3', '3', '5']);
    await expect(run).resolves.toBe(8);
    expect(answers.flatMap((answer) => answer.items.map((item) => item.seq))).toEqual([6, 7, 8]);
  });

  it('waits a moment before asking again when an answer with nothing new came at once', async () => {
    const controller = new AbortController();
    const asked = serve([{ answer: { cursor: 5, items: [], readUpTo: 0 } }], () => controller.abort());
    const run = runMessagePoll(
      { fetchAfter: fetchMessagesAfter, readUpTo: () => 0, onAnswer: () => undefined, onFinalError: () => undefined },
      5,
      controller.signal,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.pathname).toBe('/api/messages/subscribe/5');
    await run;
  });

  it('stops on a refusal and once the chat closes', async () => {
    const controller = new AbortController();
    const asked = serve([{ status: 400 }], () => controller.abort());
    const finals: unknown[] = [];
    await runMessagePoll(
      { fetchAfter: fetchMessagesAfter, readUpTo: () => 0, onAnswer: () => undefined, onFinalError: (error) => finals.push(error) },
      2,
      controller.signal,
    );
    expect(finals).toHaveLength(1);
    expect(asked).toHaveLength(1);

    const closed = new AbortController();
    closed.abort();
    await expect(
      runMessagePoll({ fetchAfter: fetchMessagesAfter, readUpTo: () => 0, onAnswer: () => undefined, onFinalError: () => undefined }, 2, closed.signal),
    ).resolves.toBe(2);
    expect(asked).toHaveLength(1);
  });
});
