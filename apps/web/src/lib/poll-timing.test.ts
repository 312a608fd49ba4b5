import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleepUntilOnline } from './poll-timing';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleepUntilOnline', () => {
  it('ends a poll\'s pause as soon as the browser is back on a network', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    let done = false;
    const pause = sleepUntilOnline(30_000, new AbortController().signal, target).then(() => void (done = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(done).toBe(false);
    target.dispatchEvent(new Event('online'));
    await pause;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('otherwise waits its time, or until the screen leaves', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    let done = false;
    void sleepUntilOnline(2_000, new AbortController().signal, target).then(() => void (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    const leaving = new AbortController();
    const pause = sleepUntilOnline(30_000, leaving.signal, target);
    leaving.abort();
    await pause;
    expect(vi.getTimerCount()).toBe(0);
  });
});
