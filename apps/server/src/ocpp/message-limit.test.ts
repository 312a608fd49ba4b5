import { describe, expect, it } from 'vitest';
import { createMessageLimiter, isTransactionMessage, type Admission } from './message-limit';

const limits = { burst: 5, perSecond: 2, floodFactor: 3 };
const heartbeat = { isTransaction: false, inFlight: 0 };
const meterValues = { isTransaction: true, inFlight: 0 };

function admitMany(
  limiter: ReturnType<typeof createMessageLimiter>,
  count: number,
  nowMs: number,
  call = heartbeat,
): Admission[] {
  return Array.from({ length: count }, () => limiter.admit('CP-1', call, nowMs));
}

const counts = (admissions: Admission[]) => ({
  admit: admissions.filter((a) => a === 'admit').length,
  refuse: admissions.filter((a) => a === 'refuse').length,
  close: admissions.filter((a) => a === 'close').length,
});

describe('isTransactionMessage (OCPP 1.6 §4.7)', () => {
  it.each([
    ['StartTransaction', {}, true],
    ['StopTransaction', { transactionId: 1 }, true],
    ['MeterValues', { connectorId: 1, transactionId: 7, meterValue: [] }, true],
    ['MeterValues', { connectorId: 1, meterValue: [] }, false],
    ['Heartbeat', {}, false],
    ['StatusNotification', { connectorId: 1 }, false],
    ['DataTransfer', { vendorId: 'x' }, false],
    ['Authorize', { idTag: 'T' }, false],
    ['MeterValues', null, false],
  ])('%s %j → %s', (action, params, expected) => {
    expect(isTransactionMessage(action, params)).toBe(expected);
  });
});

describe('the message limit of one charge point', () => {
  it('admits a burst, then refuses the excess until tokens come back at the sustained rate', () => {
    const limiter = createMessageLimiter(limits);
    expect(counts(admitMany(limiter, 8, 0))).toEqual({ admit: 5, refuse: 3, close: 0 });
    // One second later: two more (2 a second).
    expect(counts(admitMany(limiter, 3, 1000))).toEqual({ admit: 2, refuse: 1, close: 0 });
  });

  it('never refuses a transaction message, nor counts it against the others', () => {
    const limiter = createMessageLimiter(limits);
    expect(counts(admitMany(limiter, 100, 0, meterValues))).toEqual({
      admit: 100,
      refuse: 0,
      close: 0,
    });
    expect(counts(admitMany(limiter, 5, 0))).toEqual({ admit: 5, refuse: 0, close: 0 });
    // With the bucket empty, a StartTransaction still passes.
    expect(limiter.admit('CP-1', heartbeat, 0)).toBe('refuse');
    expect(limiter.admit('CP-1', meterValues, 0)).toBe('admit');
  });

  it('closes a flood: refusals beyond floodFactor bursts', () => {
    const limiter = createMessageLimiter(limits);
    // 5 admitted, then 15 (3 × 5) refused, then the socket is closed.
    expect(counts(admitMany(limiter, 21, 0))).toEqual({ admit: 5, refuse: 15, close: 1 });
  });

  it('does not close a charge point a little over the rate, however long it keeps at it', () => {
    const limiter = createMessageLimiter(limits);
    const all: Admission[] = [];
    // 4 a second against 2 allowed, for ten minutes: refused at 2 a second, below 3 × 2.
    for (let second = 0; second < 600; second += 1)
      for (let i = 0; i < 4; i += 1) all.push(limiter.admit('CP-1', heartbeat, second * 1000 + i * 250));
    expect(counts(all).close).toBe(0);
    expect(counts(all).refuse).toBeGreaterThan(1000);
  });

  it('closes a charge point with more calls in flight than floodFactor bursts, transaction ones too', () => {
    const limiter = createMessageLimiter(limits);
    expect(limiter.admit('CP-1', { isTransaction: true, inFlight: 14 }, 0)).toBe('admit');
    expect(limiter.admit('CP-1', { isTransaction: true, inFlight: 15 }, 0)).toBe('close');
  });

  it('keeps each charge point to its own bucket', () => {
    const limiter = createMessageLimiter(limits);
    admitMany(limiter, 20, 0);
    expect(limiter.admit('CP-2', heartbeat, 0)).toBe('admit');
  });

  it('holds a flood against a charge point that reconnects, and forgets one that behaved', () => {
    const limiter = createMessageLimiter(limits);
    admitMany(limiter, 10, 0);
    limiter.admit('CP-2', heartbeat, 0);
    limiter.release('CP-1', 100);
    limiter.release('CP-2', 100);
    expect(limiter.size()).toBe(1);
    // Back at once: its bucket is still empty.
    expect(limiter.admit('CP-1', heartbeat, 200)).toBe('refuse');
    // Once its refusals have been paid back (15 at 6 a second), it is forgotten.
    limiter.release('CP-1', 10_000);
    expect(limiter.size()).toBe(0);
  });
});
