import { describe, expect, it } from 'vitest';
import type { RfidBinding } from '@evcharge/api/rfid/rfid';
import { ApiError } from '@/lib/api-error';
import { backoffMs, runBindingPoll } from './binding-poll';

function binding(version: number, status: RfidBinding['status'] = 'waitingCar'): RfidBinding {
  return {
    id: 'b1', status, version,
    station: { id: 's1', code: 'MOW-00007', name: 'Tverskaya 12', address: 'Tverskaya St 12' },
    connector: { id: 'c1', number: 3, socketType: 'type2' },
    deadlineAt: '2025-05-12T10:03:00Z', tagNumber: null, failReason: null, tag: null, canSimulateTag: false,
  };
}

/** A poll whose answers and failures are scripted, with a clock that moves only when it sleeps. */
function script(steps: (RfidBinding | Error)[]) {
  const cursors: number[] = [];
  const answers: RfidBinding[] = [];
  const pauses: number[] = [];
  const finals: unknown[] = [];
  let clock = 0;
  const deps = {
    fetchBinding: async (cursor: number) => {
      cursors.push(cursor);
      const step = steps.shift();
      if (!step) throw new Error('no more steps');
      if (step instanceof Error) throw step;
      return step;
    },
    onAnswer: (answer: RfidBinding) => answers.push(answer),
    onFinalError: (error: unknown) => finals.push(error),
    sleep: async (ms: number) => {
      pauses.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { deps, cursors, answers, pauses, finals };
}

describe('runBindingPoll', () => {
  it('asks from the last version seen and stops once the binding ends', async () => {
    const run = script([binding(2, 'waitingTag'), binding(3, 'tagRead'), binding(4, 'bound')]);
    await runBindingPoll(run.deps, binding(1), new AbortController().signal);
    expect(run.cursors).toEqual([1, 2, 3]);
    expect(run.answers.map((b) => b.status)).toEqual(['waitingTag', 'tagRead', 'bound']);
    expect(run.pauses).toEqual([]);
  });

  it('asks again after network failures with a growing pause, from the same version', async () => {
    const network = new ApiError(0, 'NETWORK', 'offline');
    const run = script([network, network, new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'), binding(2, 'expired')]);
    await runBindingPoll(run.deps, binding(1), new AbortController().signal);
    expect(run.cursors).toEqual([1, 1, 1, 1]);
    expect(run.pauses).toEqual([1000, 2000, 4000]);
    expect(run.answers.map((b) => b.status)).toEqual(['expired']);
  });

  it('waits a moment before asking again when an unchanged answer came at once', async () => {
    const run = script([binding(1), binding(2, 'cancelled')]);
    await runBindingPoll(run.deps, binding(1), new AbortController().signal);
    expect(run.pauses).toEqual([1000]);
    expect(run.cursors).toEqual([1, 1]);
  });

  it('gives up on a refusal: the binding is gone', async () => {
    const gone = new ApiError(404, 'NOT_FOUND', 'x');
    const run = script([gone]);
    await runBindingPoll(run.deps, binding(1), new AbortController().signal);
    expect(run.finals).toEqual([gone]);
    expect(run.cursors).toEqual([1]);
  });

  it('stops asking once the screen lets go', async () => {
    const controller = new AbortController();
    const run = script([binding(2, 'waitingTag')]);
    run.deps.onAnswer = () => {
      controller.abort();
      return 0;
    };
    await runBindingPoll(run.deps, binding(1), controller.signal);
    expect(run.cursors).toEqual([1]);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
