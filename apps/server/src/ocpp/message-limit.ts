// What one charge point may send. Each charge point's calls are handled one after another
// (connections.ts serial), so a charge point that floods buries its own real messages behind
// its flood and costs the server what every other charge point waits for. A conforming charge
// point has one call in flight at a time (OCPP-J 1.6 §4.1.1) and sends a few a minute.
//
// - A token bucket per charge point: `burst` calls at once, `perSecond` sustained. A call
//   beyond it is refused at once with a CALLERROR (OCPP-J 1.6 §4.2.3 GenericError) and costs
//   nothing more; the charge point may send it again later.
// - Transaction messages (OCPP 1.6 §4.7: StartTransaction, StopTransaction and the MeterValues
//   of a transaction) are never refused and take nothing from the bucket: the charge point
//   keeps them until they are answered, and a driver's bill depends on them. Only the bucket's
//   messages (Heartbeat, StatusNotification, DataTransfer, Authorize, BootNotification, ...)
//   are refused.
// - A flood far above the limit is closed (RFC 6455 §7.4.1 1008, policy violation): when the
//   refused calls outrun `floodFactor` times the bucket (that many bursts at once, or that
//   many times the rate for long), or when more calls than `floodFactor` bursts wait for their
//   answers at once (no conforming charge point pipelines so). A transaction message in flight
//   then is still handled; the charge point sends again what it was not answered.
// The buckets are kept per charge point, not per socket: reconnecting does not refill them.

export type MessageLimits = {
  /** Calls a charge point may send at once. */
  burst: number;
  /** Calls a second it may send sustained. */
  perSecond: number;
  /** How far above the limit a flood is closed (see above). */
  floodFactor: number;
};

/** The settings' defaults (README): a boot's dozen messages pass, a flood does not. */
export const defaultMessageLimits: MessageLimits = { burst: 30, perSecond: 3, floodFactor: 10 };

/** admit: handle it; refuse: answer a CALLERROR; close: close the socket (a flood). */
export type Admission = 'admit' | 'refuse' | 'close';

type Bucket = { tokens: number; atMs: number };
type Buckets = { messages: Bucket; flood: Bucket };

/** OCPP 1.6 §4.7 transaction-related messages, which a charge point queues and sends again. */
export function isTransactionMessage(action: string, params: unknown): boolean {
  if (action === 'StartTransaction' || action === 'StopTransaction') return true;
  return (
    action === 'MeterValues' &&
    typeof params === 'object' &&
    params !== null &&
    (params as { transactionId?: unknown }).transactionId !== undefined
  );
}

function refill(bucket: Bucket, capacity: number, perSecond: number, nowMs: number): void {
  const elapsedMs = Math.max(0, nowMs - bucket.atMs);
  bucket.tokens = Math.min(capacity, bucket.tokens + (elapsedMs / 1000) * perSecond);
  bucket.atMs = nowMs;
}

export type MessageLimiter = {
  /**
   * Decides one call of a charge point arriving at `nowMs`; `inFlight` is how many of its
   * admitted calls still wait for their answers.
   */
  admit(
    chargePointId: string,
    call: { isTransaction: boolean; inFlight: number },
    nowMs: number,
  ): Admission;
  /** Its socket closed: forget it unless it was refused lately (its flood is held against it). */
  release(chargePointId: string, nowMs: number): void;
  /** Charge points whose buckets are kept (tests). */
  size(): number;
};

export function createMessageLimiter(limits: MessageLimits): MessageLimiter {
  const { burst, perSecond, floodFactor } = limits;
  const floodCapacity = burst * floodFactor;
  const floodRate = perSecond * floodFactor;
  const byId = new Map<string, Buckets>();

  const bucketsOf = (id: string, nowMs: number): Buckets => {
    let buckets = byId.get(id);
    if (!buckets) {
      buckets = {
        messages: { tokens: burst, atMs: nowMs },
        flood: { tokens: floodCapacity, atMs: nowMs },
      };
      byId.set(id, buckets);
    }
    refill(buckets.messages, burst, perSecond, nowMs);
    refill(buckets.flood, floodCapacity, floodRate, nowMs);
    return buckets;
  };

  return {
    admit(id, { isTransaction, inFlight }, nowMs) {
      if (inFlight >= floodCapacity) return 'close';
      const { messages, flood } = bucketsOf(id, nowMs);
      if (isTransaction) return 'admit';
      if (messages.tokens >= 1) {
        messages.tokens -= 1;
        return 'admit';
      }
      if (flood.tokens >= 1) {
        flood.tokens -= 1;
        return 'refuse';
      }
      return 'close';
    },
    release(id, nowMs) {
      const buckets = byId.get(id);
      if (!buckets) return;
      refill(buckets.flood, floodCapacity, floodRate, nowMs);
      if (buckets.flood.tokens >= floodCapacity) byId.delete(id);
    },
    size: () => byId.size,
  };
}
