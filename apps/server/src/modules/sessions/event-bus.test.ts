import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createChargeEventBus, WAKE_SLICE } from './event-bus';
import { longPoll, QUIET_NOTE_MS, QuietLooks, spreadPollMs } from './long-poll';

const forever = () => ({ ms: 60_000, client: new EventEmitter() });

describe('longPoll', () => {
  it('answers at once when the first look is ready', async () => {
    const bus = createChargeEventBus();
    const answer = await longPoll(bus, 'u', forever(), async () => ({ answer: 1, ready: true }));
    expect(answer).toBe(1);
    expect(bus.waiting()).toBe(0);
  });

  it('keeps a wake-up that comes while it looks', async () => {
    const bus = createChargeEventBus();
    let looks = 0;
    const answer = await longPoll(bus, 'u', forever(), async () => {
      looks += 1;
      // News lands between this look's read and the wait that follows it.
      if (looks === 1) bus.notify('u');
      return { answer: looks, ready: looks === 2 };
    });
    expect(answer).toBe(2);
    expect(bus.waiting()).toBe(0);
  });

  it('is woken only by its own key', async () => {
    const bus = createChargeEventBus();
    let looks = 0;
    const polling = longPoll(bus, 'u', { ms: 200, client: new EventEmitter() }, async () => {
      looks += 1;
      return { answer: looks, ready: false };
    });
    bus.notify('someone else');
    expect(await polling).toBe(2);
  });

  it('looks again when the answer’s own deadline passes, without a wake-up', async () => {
    const bus = createChargeEventBus();
    let looks = 0;
    const answer = await longPoll(bus, 'u', forever(), async () => {
      looks += 1;
      return { answer: looks, ready: looks === 3, lookAgainMs: 5 };
    });
    expect(answer).toBe(3);
  });

  it('ends with the last answer when the client goes away', async () => {
    const bus = createChargeEventBus();
    const client = new EventEmitter();
    const polling = longPoll(bus, 'u', { ms: 60_000, client }, async () => ({
      answer: 'nothing yet',
      ready: false,
    }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(bus.waiting()).toBe(1);
    client.emit('close');
    expect(await polling).toBe('nothing yet');
    expect(bus.waiting()).toBe(0);
    expect(client.listenerCount('close')).toBe(0);
  });
});

describe('the bus', () => {
  it('ends a wait after its time, and a notify wakes only the key’s waits', async () => {
    const bus = createChargeEventBus();
    const woken: string[] = [];
    bus.park('a', 60_000, () => woken.push('a'));
    bus.park('b', 60_000, () => woken.push('b'));
    const timedOut = bus.wait('c', 20);
    expect(bus.waiting()).toBe(3);
    bus.notify('a');
    expect(woken).toEqual(['a']);
    await timedOut;
    expect(bus.waiting()).toBe(1);
    bus.close();
    expect(woken).toEqual(['a', 'b']);
    expect(bus.waiting()).toBe(0);
  });

  it('takes a parked waiter off without waking it', () => {
    const bus = createChargeEventBus();
    let woken = false;
    const unpark = bus.park('a', 60_000, () => (woken = true));
    unpark();
    bus.notify('a');
    expect(woken).toBe(false);
    expect(bus.waiting()).toBe(0);
  });

  it('wakes every waiter of a key, one or several, and keeps the others', () => {
    const bus = createChargeEventBus();
    const woken: string[] = [];
    bus.park('a', 60_000, () => woken.push('a1'));
    const unpark = bus.park('a', 60_000, () => woken.push('a2'));
    bus.park('a', 60_000, () => woken.push('a3'));
    bus.park('b', 60_000, () => woken.push('b'));
    unpark();
    expect(bus.waiting()).toBe(3);
    bus.notify('a');
    expect(woken).toEqual(['a1', 'a3']);
    bus.park('a', 60_000, () => woken.push('a4'));
    bus.notify('a');
    expect(woken).toEqual(['a1', 'a3', 'a4']);
    expect(bus.waiting()).toBe(1);
  });

  it(`wakes at most ${WAKE_SLICE} waiters in one turn, the rest in the next turns`, async () => {
    const bus = createChargeEventBus();
    const count = WAKE_SLICE * 2 + 10;
    let woken = 0;
    const unparks = Array.from({ length: count }, () => bus.park('k', 60_000, () => (woken += 1)));
    bus.notify('k');
    expect(bus.waiting()).toBe(0);
    expect(woken).toBe(WAKE_SLICE);
    // One not yet woken is taken off: it is not woken later.
    unparks.at(-1)!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toBe(WAKE_SLICE * 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toBe(count - 1);
  });

  it('tells whether a key had news since a count', () => {
    const bus = createChargeEventBus();
    const before = bus.news();
    expect(bus.newsSince('a', before)).toBe(false);
    bus.deliver('a');
    expect(bus.newsSince('a', before)).toBe(true);
    expect(bus.newsSince('b', before)).toBe(false);
    expect(bus.newsSince('a', bus.news())).toBe(false);
  });
});

describe('a long poll', () => {
  it('answers when the server closes', async () => {
    const bus = createChargeEventBus();
    const polling = longPoll(bus, 'u', forever(), async () => ({ answer: 'empty', ready: false }));
    await Promise.resolve();
    bus.close();
    expect(await polling).toBe('empty');
  });

  it('holds a default wait between four fifths of the most and the most', () => {
    expect(spreadPollMs(25, () => 0)).toBe(25_000);
    expect(spreadPollMs(25, () => 0.999999)).toBe(20_000);
  });
});

describe('quiet looks', () => {
  it('answers the same question again from the note until the key has news', async () => {
    const bus = createChargeEventBus();
    const quiet = new QuietLooks<number>(bus);
    let looks = 0;
    const look = async () => ({ answer: (looks += 1), ready: false });
    expect(await quiet.look('u', 'cursor 5', look)()).toEqual({ answer: 1, ready: false });
    expect(await quiet.look('u', 'cursor 5', look)()).toEqual({ answer: 1, ready: false });
    // Another question, another key: the database is asked.
    expect(await quiet.look('u', 'cursor 6', look)()).toEqual({ answer: 2, ready: false });
    expect(await quiet.look('v', 'cursor 6', look)()).toEqual({ answer: 3, ready: false });
    bus.notify('v');
    expect(await quiet.look('v', 'cursor 6', look)()).toEqual({ answer: 4, ready: false });
  });

  it('does not trust a note written while the key was woken', async () => {
    const bus = createChargeEventBus();
    const quiet = new QuietLooks<number>(bus);
    let looks = 0;
    const look = async () => {
      looks += 1;
      if (looks === 1) bus.notify('u');
      return { answer: looks, ready: false };
    };
    await quiet.look('u', 'q', look)();
    expect(await quiet.look('u', 'q', look)()).toEqual({ answer: 2, ready: false });
  });

  it('asks again once a note is older than QUIET_NOTE_MS', async () => {
    const bus = createChargeEventBus();
    let now = 0;
    const quiet = new QuietLooks<number>(bus, () => now);
    let looks = 0;
    const look = async () => ({ answer: (looks += 1), ready: false });
    await quiet.look('u', 'q', look)();
    now = QUIET_NOTE_MS;
    expect(await quiet.look('u', 'q', look)()).toEqual({ answer: 2, ready: false });
  });

  it('keeps no note of a ready answer', async () => {
    const bus = createChargeEventBus();
    const quiet = new QuietLooks<number>(bus);
    let looks = 0;
    const look = async () => ({ answer: (looks += 1), ready: true });
    await quiet.look('u', 'q', look)();
    expect(await quiet.look('u', 'q', look)()).toEqual({ answer: 2, ready: true });
  });
});
