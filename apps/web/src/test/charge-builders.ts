import type { Charge, ChargeDetail, ChargeEvent } from '@evcharge/api/sessions/charge-schemas';

/** A session as GET /api/charge returns it: charging at connector 1 of the test station. */
export function buildCharge(patch: Partial<Charge> = {}): Charge {
  return {
    transactionId: 7,
    status: 'charging',
    station: { id: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', code: 'MSK0042', name: 'Tverskaya 12', address: 'Tverskaya St 12', utcOffsetMinutes: 180 },
    connector: { id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', number: 1, socketType: 'ccs2', currentType: 'DC', powerKw: 150, status: 'charging' },
    limit: { mode: 'cost', value: 50_000 },
    profile: 'fast',
    carId: null,
    energyWh: 12_340,
    powerW: 48_200,
    socPercent: 56,
    costMinor: 22_829,
    currency: 'rub',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:30.000Z',
    chargingEndedAt: null,
    stoppedAt: null,
    parkingStartedAt: null,
    durationSeconds: 1_520,
    parkingSeconds: 0,
    remainingMinutes: 18,
    freeIdleMinutes: 15,
    parkingPerMinuteMinor: 500,
    parkingCostMinor: 0,
    parkingFeeCapMinor: 30_000,
    stopReason: null,
    meterNote: null,
    isUserClosed: false,
    loyalty: null,
    ...patch,
  };
}

/** The same session with readings every five minutes and its cost so far. */
export function buildChargeDetail(patch: Partial<ChargeDetail> = {}): ChargeDetail {
  const start = Date.parse('2026-11-20T10:00:30.000Z');
  const samples = [0, 5, 10, 15, 20, 25].map((minute, i) => ({
    at: new Date(start + minute * 60_000).toISOString(),
    energyWh: i * 2_400,
    powerW: [0, 52_000, 50_500, 49_800, 48_900, 48_200][i]!,
    socPercent: 40 + i * 3,
  }));
  return {
    ...buildCharge(),
    samples,
    costItems: [{ kind: 'energy', amountMinor: 22_829, quantity: 12_340 }],
    ...patch,
  };
}

export function buildChargeEvent(id: number, charge: Charge, patch: Partial<ChargeEvent> = {}): ChargeEvent {
  return { id, kind: 'updated', transactionId: charge.transactionId, at: new Date(Date.parse('2026-11-20T10:30:00Z') + id * 1000).toISOString(), sample: null, reason: null, charge, ...patch };
}
