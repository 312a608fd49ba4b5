// Simulated time. Everything the station does on a schedule (physics steps, meter samples,
// heartbeats, timeouts) goes through a Clock, so tests can run an hour of charging in
// milliseconds and the demo can run at wall-clock speed (or faster).

export type TimerId = number;

export type Clock = {
  /** Simulated epoch milliseconds. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  setInterval(fn: () => void, ms: number): TimerId;
  clear(id: TimerId | undefined): void;
};

/**
 * Wall-clock time sped up by `speed`: with speed 60, one real second is one simulated
 * minute. Timers fire at least 1 ms apart in real time, so code must read `now()` for the
 * time that passed instead of trusting the nominal interval.
 */
export function createRealClock(speed = 1): Clock {
  if (!(speed > 0)) throw new Error(`speed must be positive, got ${speed}`);
  const startReal = Date.now();
  const timers = new Map<TimerId, NodeJS.Timeout>();
  let nextId = 1;
  const realMs = (ms: number) => Math.max(1, ms / speed);
  return {
    now: () => startReal + (Date.now() - startReal) * speed,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          fn();
        }, realMs(ms)),
      );
      return id;
    },
    setInterval(fn, ms) {
      const id = nextId++;
      timers.set(id, setInterval(fn, realMs(ms)));
      return id;
    },
    clear(id) {
      if (id === undefined) return;
      const timer = timers.get(id);
      if (timer) clearTimeout(timer);
      timers.delete(id);
    },
  };
}

export type ManualClock = Clock & {
  /** Moves time forward, firing every due timer in order at its own due time. */
  advance(ms: number): void;
};

type ManualTimer = { id: TimerId; dueAt: number; everyMs?: number; fn: () => void };

/** Time that moves only when a test calls `advance`: deterministic physics. */
export function createManualClock(startMs = Date.UTC(2026, 0, 1, 8)): ManualClock {
  let nowMs = startMs;
  let nextId = 1;
  const timers = new Map<TimerId, ManualTimer>();
  const add = (fn: () => void, ms: number, isRepeating: boolean): TimerId => {
    const id = nextId++;
    const stepMs = Math.max(1, ms);
    timers.set(id, { id, dueAt: nowMs + stepMs, everyMs: isRepeating ? stepMs : undefined, fn });
    return id;
  };
  const nextDue = (untilMs: number): ManualTimer | undefined => {
    let best: ManualTimer | undefined;
    for (const timer of timers.values()) {
      if (timer.dueAt > untilMs) continue;
      if (!best || timer.dueAt < best.dueAt || (timer.dueAt === best.dueAt && timer.id < best.id))
        best = timer;
    }
    return best;
  };
  return {
    now: () => nowMs,
    setTimeout: (fn, ms) => add(fn, ms, false),
    setInterval: (fn, ms) => add(fn, ms, true),
    clear(id) {
      if (id !== undefined) timers.delete(id);
    },
    advance(ms) {
      const untilMs = nowMs + ms;
      for (let timer = nextDue(untilMs); timer; timer = nextDue(untilMs)) {
        nowMs = timer.dueAt;
        if (timer.everyMs === undefined) timers.delete(timer.id);
        else timer.dueAt += timer.everyMs;
        timer.fn();
      }
      nowMs = untilMs;
    },
  };
}
