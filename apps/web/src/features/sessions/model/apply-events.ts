import type { QueryClient } from '@tanstack/react-query';
import type { Charge, ChargeDetail, ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { chargeKeys, storeCharge } from '@/lib/charge-query';

type Sample = ChargeDetail['samples'][number];

/**
 * Readings to add to a chart: only those after its last one. The long poll may repeat what
 * GET /charge/id already had (a screen opened mid-session, a poll resumed from an old cursor).
 */
export function appendSamples(existing: readonly Sample[], incoming: readonly Sample[]): Sample[] {
  const last = existing.at(-1);
  let after = last ? Date.parse(last.at) : Number.NEGATIVE_INFINITY;
  const added: Sample[] = [];
  for (const sample of incoming) {
    const at = Date.parse(sample.at);
    if (!(at > after)) continue;
    added.push(sample);
    after = at;
  }
  return added.length === 0 ? [...existing] : [...existing, ...added];
}

/**
 * An answer that came while a view was still loading must not be lost: that view's request
 * may carry an older state. Asking again (the request under way is cancelled) brings the
 * state as of now.
 */
function refreshIfLoading(client: QueryClient, queryKey: readonly unknown[]): void {
  const state = client.getQueryState(queryKey);
  if (state && state.data === undefined) void client.invalidateQueries({ queryKey, exact: true });
}

/** The kinds after which the history and the month's totals have changed. */
const endingKinds: readonly ChargeEvent['kind'][] = ['finished', 'cancelled', 'started'];

/**
 * Puts a long poll's events into the cached sessions. Each event carries its session as it
 * stands now, so the last event of a session is its latest state; `updated` events also bring
 * a reading for the chart.
 */
export function applyChargeEvents(client: QueryClient, events: readonly ChargeEvent[]): void {
  const latest = new Map<number, Charge>();
  const samples = new Map<number, Sample[]>();
  for (const event of events) {
    latest.set(event.transactionId, event.charge);
    if (event.sample) samples.set(event.transactionId, [...(samples.get(event.transactionId) ?? []), event.sample]);
  }
  if (latest.size > 0) refreshIfLoading(client, chargeKeys.current);
  for (const [transactionId, charge] of latest) {
    storeCharge(client, charge);
    refreshIfLoading(client, chargeKeys.detail(transactionId));
    const added = samples.get(transactionId);
    if (added) {
      client.setQueryData<ChargeDetail>(chargeKeys.detail(transactionId), (detail) =>
        detail ? { ...detail, samples: appendSamples(detail.samples, added) } : detail,
      );
    }
  }
  if (events.some((event) => endingKinds.includes(event.kind))) {
    void client.invalidateQueries({ queryKey: [...chargeKeys.all, 'history'] });
    void client.invalidateQueries({ queryKey: [...chargeKeys.all, 'summary'] });
  }
}
