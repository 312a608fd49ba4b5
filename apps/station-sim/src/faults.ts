// Faults of a charge point whose link or firmware misbehaves, played on purpose so a central
// system can be tested against them. None is on by default.
//
// - replayOrder: how the transaction messages queued while offline go out after the reconnect
//   (OCPP 1.6 §4.7 asks for the order they were made in: 'inOrder'). 'meterValuesFirst' sends
//   every queued MeterValues before the queued StopTransactions, so readings of a transaction
//   the charge point already ended arrive before its stop; 'stopsFirst' sends the
//   StopTransactions before the queued MeterValues, so readings arrive for a closed
//   transaction. Either way a transaction's StartTransaction goes before its other messages
//   (they need its transactionId). Messages queued while online keep their order.
// - meterValuesAfterStop: after a stop the charge point sends this many more MeterValues for
//   the transaction, one per MeterValueSampleInterval, timestamped after the stop, with a
//   register that climbs at the power drawn just before the stop (1 kW when the car drew
//   nothing). Only the messages say so: the connector's own register does not move.
// - loseStopTransactions / loseStartTransactions: the next N of them are never sent. Without
//   a StartTransaction the transaction has no id, so its MeterValues and StopTransaction are
//   dropped too.
// - clockOffsetMs: a wrong clock. Every timestamp the station sends (StartTransaction,
//   StopTransaction and its transactionData, MeterValues, StatusNotification) is shifted by
//   this much when the event happens; charging runs on the simulated clock.

export const replayOrders = ['inOrder', 'meterValuesFirst', 'stopsFirst'] as const;
export type ReplayOrder = (typeof replayOrders)[number];

export type StationFaults = {
  replayOrder: ReplayOrder;
  meterValuesAfterStop: number;
  loseStopTransactions: number;
  loseStartTransactions: number;
  clockOffsetMs: number;
};

export const noFaults: StationFaults = {
  replayOrder: 'inOrder',
  meterValuesAfterStop: 0,
  loseStopTransactions: 0,
  loseStartTransactions: 0,
  clockOffsetMs: 0,
};

const counts = ['meterValuesAfterStop', 'loseStopTransactions', 'loseStartTransactions'] as const;

/** `current` with `changes` applied, or an error naming the first value that makes no sense. */
export function withFaults(current: StationFaults, changes: Partial<StationFaults>): StationFaults {
  const unknown = Object.keys(changes).filter((key) => !(key in noFaults));
  if (unknown.length > 0)
    throw new Error(`no such fault: ${unknown.join(', ')} (${Object.keys(noFaults).join(', ')})`);
  const next = { ...current, ...changes };
  if (!replayOrders.includes(next.replayOrder))
    throw new Error(
      `replayOrder must be one of ${replayOrders.join(', ')}, got ${next.replayOrder}`,
    );
  for (const key of counts) {
    if (!Number.isInteger(next[key]) || next[key] < 0)
      throw new Error(`${key} must be a whole number, 0 or more, got ${next[key]}`);
  }
  if (!Number.isFinite(next.clockOffsetMs))
    throw new Error(`clockOffsetMs must be a number of milliseconds, got ${next.clockOffsetMs}`);
  return next;
}

export function describeFaults(faults: StationFaults): string {
  const active = Object.entries(faults).filter(
    ([key, value]) => value !== noFaults[key as keyof StationFaults],
  );
  return active.length === 0
    ? 'no faults'
    : active.map(([key, value]) => `${key}=${String(value)}`).join(' ');
}

/**
 * The order in which messages queued while offline are replayed. With 'meterValuesFirst' (or
 * 'stopsFirst') every MeterValues (StopTransaction) goes first, each pulling its transaction's
 * StartTransaction along when that was queued too; the rest follow in their own order.
 */
type Queued = { action: string; transactionKey?: number };

export function replayOrdered<Item extends Queued>(items: Item[], order: ReplayOrder): Item[] {
  if (order === 'inOrder') return items;
  const firstAction = order === 'meterValuesFirst' ? 'MeterValues' : 'StopTransaction';
  const placed = new Set<Item>();
  const out: Item[] = [];
  const place = (item: Item) => {
    if (placed.has(item)) return;
    placed.add(item);
    out.push(item);
  };
  for (const item of items) {
    if (item.action !== firstAction) continue;
    const start = items.find(
      (other) =>
        other.action === 'StartTransaction' &&
        other.transactionKey !== undefined &&
        other.transactionKey === item.transactionKey,
    );
    if (start) place(start);
    place(item);
  }
  for (const item of items) place(item);
  return out;
}
