import { describe, expect, it } from 'vitest';
import { createChargeEventBus, longPoll } from './event-bus';

const forever = () => ({ ms: 60_000, signal: new AbortController().signal });

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
    const polling = longPoll(
      bus,
      'u',
      { ms: 200, signal: new AbortController().signal },
      async () => {
        looks += 1;
        return { answer: looks, ready: false };
      },
    );
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
    const gone = new AbortController();
    const polling = longPoll(bus, 'u', { ms: 60_000, signal: gone.signal }, async () => ({
      answer: 'nothing yet',
      ready: false,
    }));
    gone.abort();
    expect(await polling).toBe('nothing yet');
    expect(bus.waiting()).toBe(0);
  });
});
