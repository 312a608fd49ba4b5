// Faults the partner operator can play on purpose (set by tests through peer.faults): slow
// answers, server errors, answers that never come, and pushes sent twice or out of order —
// what a roaming link meets in real life, so the caller's time-outs, retries and
// last_updated checks (OCPI 2.2.1 §8.2.2 / §4.1.6) can be exercised.

export type Faults = {
  /** Every answer waits this long (real milliseconds). */
  delayMs: number;
  /** Answer the next n requests with HTTP status httpStatus (5xx by default). */
  failNext(n: number, httpStatus?: number): void;
  /** Answer the next n requests with HTTP 200 and a body that is not an OCPI envelope. */
  garbleNext(n: number): void;
  /** Never answer the next n requests (they are released, unanswered, by close()). */
  hangNext(n: number): void;
  /** Send every push twice. */
  duplicatePushes: boolean;
  /** Hold each push and send it after the next one (the older last_updated arrives last). */
  reorderPushes: boolean;
  /**
   * Answer with objects as the store holds them, not checked against the 2.2.1 schemas: a
   * partner that bends the standard (an object put into the store by hand may be invalid).
   */
  unchecked: boolean;
  /** Requests held unanswered right now (by hangNext). */
  readonly hanging: number;
  /** Back to normal. */
  reset(): void;
};

export type FaultState = Faults & {
  hanging: number;
  /** What to do with the request that just arrived. */
  take(): { kind: 'fail'; httpStatus: number } | { kind: 'hang' } | { kind: 'garble' } | undefined;
};

export function createFaults(): FaultState {
  let failures: number[] = [];
  let hangs = 0;
  let garbles = 0;
  const faults: FaultState = {
    delayMs: 0,
    hanging: 0,
    duplicatePushes: false,
    reorderPushes: false,
    unchecked: false,
    failNext(n, httpStatus = 500) {
      failures = [...failures, ...Array.from({ length: n }, () => httpStatus)];
    },
    garbleNext(n) {
      garbles += n;
    },
    hangNext(n) {
      hangs += n;
    },
    reset() {
      failures = [];
      hangs = 0;
      garbles = 0;
      faults.delayMs = 0;
      faults.duplicatePushes = false;
      faults.reorderPushes = false;
      faults.unchecked = false;
    },
    take() {
      if (hangs > 0) {
        hangs -= 1;
        return { kind: 'hang' };
      }
      if (garbles > 0) {
        garbles -= 1;
        return { kind: 'garble' };
      }
      const httpStatus = failures.shift();
      return httpStatus === undefined ? undefined : { kind: 'fail', httpStatus };
    },
  };
  return faults;
}
