import { describe, expect, it } from 'vitest';
import { createManualClock, createRealClock } from './clock';

describe('clocks', () => {
  it('fires manual timers in time order, each at its own due time', () => {
    const clock = createManualClock(0);
    const fired: string[] = [];
    clock.setInterval(() => fired.push(`every 30 s at ${clock.now()}`), 30_000);
    const once = clock.setTimeout(() => fired.push(`once at ${clock.now()}`), 45_000);
    clock.setTimeout(() => fired.push('never'), 50_000);
    clock.advance(40_000);
    clock.clear(clock.setTimeout(() => fired.push('cleared'), 1));
    clock.advance(20_000);
    expect(fired).toEqual(['every 30 s at 30000', 'once at 45000', 'never', 'every 30 s at 60000']);
    expect(clock.now()).toBe(60_000);
    clock.clear(once);
  });

  it('runs wall-clock time faster by the speed factor', async () => {
    const clock = createRealClock(1000);
    const start = clock.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now() - start).toBeGreaterThanOrEqual(15_000);
    expect(() => createRealClock(0)).toThrow(/speed/);
  });
});
