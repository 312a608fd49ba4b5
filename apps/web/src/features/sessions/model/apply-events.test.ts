import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { chargeKeys } from '@/lib/charge-query';
import { buildCharge, buildChargeDetail, buildChargeEvent } from '@/test/charge-builders';
import { appendSamples, applyChargeEvents } from './apply-events';

const sample = (minute: number, powerW = 40_000) => ({
  at: new Date(Date.parse('2026-11-20T10:00:00Z') + minute * 60_000).toISOString(),
  energyWh: minute * 500,
  powerW,
  socPercent: 50 + minute,
});

describe('appendSamples', () => {
  it('adds only readings after the last one it has, in order', () => {
    const existing = [sample(1), sample(2)];
    expect(appendSamples(existing, [sample(2), sample(1), sample(3), sample(3), sample(4)]).map((s) => s.energyWh))
      .toEqual([500, 1000, 1500, 2000]);
    expect(appendSamples([], [sample(1)])).toHaveLength(1);
  });
});

describe('applyChargeEvents', () => {
  it('keeps the latest state of each session, appends readings and keeps the shell flag in step', () => {
    const client = new QueryClient();
    const running = buildCharge();
    const other = buildCharge({ transactionId: 8, status: 'preparing' });
    client.setQueryData<Charge[]>(chargeKeys.current, [running, other]);
    client.setQueryData<ChargeDetail>(chargeKeys.detail(7), buildChargeDetail({ samples: [sample(1)] }));

    applyChargeEvents(client, [
      buildChargeEvent(1, buildCharge({ energyWh: 13_000 }), { sample: sample(2) }),
      buildChargeEvent(2, buildCharge({ energyWh: 14_000 }), { sample: sample(3) }),
      buildChargeEvent(3, buildCharge({ transactionId: 8, status: 'cancelled', isUserClosed: true }), { kind: 'cancelled' }),
    ]);

    const items = client.getQueryData<Charge[]>(chargeKeys.current)!;
    expect(items.map((c) => [c.transactionId, c.energyWh])).toEqual([[7, 14_000]]);
    const detail = client.getQueryData<ChargeDetail>(chargeKeys.detail(7))!;
    expect(detail.energyWh).toBe(14_000);
    expect(detail.samples.map((s) => s.energyWh)).toEqual([500, 1000, 1500]);
    expect(client.getQueryData(chargeKeys.haveActive)).toEqual({ haveActive: true, transactionIds: [7] });
  });

  it('adds a session started elsewhere (an RFID card at the station) to the open ones', () => {
    const client = new QueryClient();
    client.setQueryData<Charge[]>(chargeKeys.current, []);
    applyChargeEvents(client, [buildChargeEvent(1, buildCharge({ transactionId: 9, status: 'preparing' }), { kind: 'status' })]);
    expect(client.getQueryData<Charge[]>(chargeKeys.current)!.map((c) => c.transactionId)).toEqual([9]);
  });
});
