// Faults the partner operator can play on purpose (set by tests through peer.faults): slow
// answers, server errors, answers that never come, and pushes sent twice or out of order —
// what a roaming link meets in real life, so the caller's time-outs, retries and
// last_updated checks (OCPI 2.2.1 §8.2.2 / §4.1.6) can be exercised.

export type Faults = {
  /** Every answer waits this long (real milliseconds). */
  delayMs: number;
  /**
   * Answer the next n requests with HTTP status httpStatus (5xx by default); `retryAfter`
   * (delay-seconds or an HTTP-date, RFC 9110 §10.2.3) goes out as the Retry-After header, as a
   * partner's 429 Too Many Requests would carry it.
   */
  failNext(n: number, httpStatus?: number, options?: { retryAfter?: number | string }): void;
  /** Answer the next n requests with HTTP 200 and a body that is not an OCPI envelope. */
  garbleNext(n: number): void;
  /**
   * Answer the next n requests with HTTP 200 whose body cuts off: a Content-Length for a
   * whole envelope, half of it sent, then the connection closed.
   */
  truncateNext(n: number): void;
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
  /** Commands RECEIVER: answer CommandResponses without their (required) timeout field. */
  omitCommandTimeout: boolean;
  /** Requests held unanswered right now (by hangNext). */
  readonly hanging: number;
  /** Back to normal. */
  reset(): void;
};

export type FaultState = Faults & {
  hanging: number;
  /** What to do with the request that just arrived. */
  take():
    | { kind: 'fail'; httpStatus: number; retryAfter?: number | string }
    | { kind: 'hang' }
    | { kind: 'garble' }
    | { kind: 'truncate' }
    | undefined;
};

export function createFaults(): FaultState {
  let failures: { httpStatus: number; retryAfter?: number | string }[] = [];
  let hangs = 0;
  let garbles = 0;
  let truncations = 0;
  const faults: FaultState = {
    delayMs: 0,
    hanging: 0,
    duplicatePushes: false,
    reorderPushes: false,
    unchecked: false,
    omitCommandTimeout: false,
    failNext(n, httpStatus = 500, options = {}) {
      const failure = { httpStatus, ...(options.retryAfter === undefined ? {} : { retryAfter: options.retryAfter }) };
      failures = [...failures, ...Array.from({ length: n }, () => failure)];
    },
    garbleNext(n) {
      garbles += n;
    },
    truncateNext(n) {
      truncations += n;
    },
    hangNext(n) {
      hangs += n;
    },
    reset() {
      failures = [];
      hangs = 0;
      garbles = 0;
      truncations = 0;
      faults.delayMs = 0;
      faults.omitCommandTimeout = false;
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
      if (truncations > 0) {
        truncations -= 1;
        return { kind: 'truncate' };
      }
      const failure = failures.shift();
      return failure === undefined ? undefined : { kind: 'fail', ...failure };
    },
  };
  return faults;
}
