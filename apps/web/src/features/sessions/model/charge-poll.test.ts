import { describe, expect, it, vi } from 'vitest';
import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { ApiError } from '@/lib/api-error';
import { buildCharge } from '@/test/charge-builders';
import { backoffMs, runChargePoll, type PollAnswer } from './charge-poll';

function event(id: number): ChargeEvent {
  return { id, kind: 'updated', transactionId: 7, at: new Date(id * 1000).toISOString(), sample: null, reason: null, charge: buildCharge() };
}

/** A server scripted answer by answer; once they are used up, the screen goes away. */
function scripted(steps: (PollAnswer | Error)[], controller: AbortController) {
  const asked: number[] = [];
  const fetchEvents = vi.fn(async (cursor: number) => {
    asked.push(cursor);
    const step = steps.shift();
    if (!step) {
      controller.abort();
      return { cursor, events: [] };
    }
    if (step instanceof Error) throw step;
    return step;
  });
  return { asked, fetchEvents };
}

describe('runChargePoll', () => {
  it('sends back the cursor of each answer and applies every event once', async () => {
    const controller = new AbortController();
    const { asked, fetchEvents } = scripted([
      { cursor: 2, events: [event(1), event(2)] },
      { cursor: 2, events: [] },
      { cursor: 5, events: [event(5)] },
    ], controller);
    const applied: number[] = [];
    const cursor = await runChargePoll(
      { fetchEvents, onAnswer: (answer) => applied.push(...answer.events.map((e) => e.id)), sleep: async () => {} },
      0,
      controller.signal,
    );
    expect(asked).toEqual([0, 2, 2, 5]);
    expect(applied).toEqual([1, 2, 5]);
    expect(cursor).toBe(5);
  });

  it('after a failure asks again from the same cursor, pausing longer each time, and loses nothing', async () => {
    const controller = new AbortController();
    const { asked, fetchEvents } = scripted([
      { cursor: 3, events: [event(3)] },
      new ApiError(0, 'NETWORK', 'offline'),
      new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy'),
      { cursor: 6, events: [event(4), event(5), event(6)] },
      { cursor: 7, events: [event(7)] },
    ], controller);
    const applied: number[] = [];
    const pauses: number[] = [];
    await runChargePoll(
      {
        fetchEvents,
        onAnswer: (answer) => applied.push(...answer.events.map((e) => e.id)),
        sleep: async (ms) => void pauses.push(ms),
      },
      2,
      controller.signal,
    );
    expect(asked).toEqual([2, 3, 3, 3, 6, 7]);
    expect(applied).toEqual([3, 4, 5, 6, 7]);
    expect(pauses).toEqual([1000, 2000]);
  });

  it('stops for good when the driver is signed out', async () => {
    const controller = new AbortController();
    const fetchEvents = vi.fn(async () => {
      throw new ApiError(401, 'UNAUTHORIZED', 'gone');
    });
    const cursor = await runChargePoll({ fetchEvents, onAnswer: vi.fn(), sleep: async () => {} }, 9, controller.signal);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    expect(cursor).toBe(9);
  });

  it('stops when the screen unmounts, dropping an answer that comes after', async () => {
    const controller = new AbortController();
    const onAnswer = vi.fn();
    const fetchEvents = vi.fn(async () => {
      controller.abort();
      return { cursor: 4, events: [event(4)] };
    });
    const cursor = await runChargePoll({ fetchEvents, onAnswer }, 1, controller.signal);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(cursor).toBe(1);
  });

  it('waits a moment after an empty answer that came at once', async () => {
    const controller = new AbortController();
    const { fetchEvents } = scripted([{ cursor: 1, events: [] }, { cursor: 1, events: [] }], controller);
    const pauses: number[] = [];
    let clock = 0;
    await runChargePoll(
      { fetchEvents, onAnswer: vi.fn(), sleep: async (ms) => void pauses.push(ms), now: () => (clock += 100) },
      1,
      controller.signal,
    );
    expect(pauses).toEqual([900, 900]);
  });

  it.each([[1, 1000], [2, 2000], [5, 16_000], [6, 30_000], [20, 30_000]])('backs off %i failures by %i ms', (failures, ms) => {
    expect(backoffMs(failures)).toBe(ms);
  });
});
