import type { ContractResponse } from '@evcharge/api/contract';
import type { connectorReserveNowV2, Reservation } from '@evcharge/api/reserves/reserves';

type ReserveNow = ContractResponse<typeof connectorReserveNowV2>;

/** A quick reservation of connector 1 of the test station (buildStation), holding now. */
export function buildReservation(patch: Partial<Reservation> = {}): Reservation {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    status: 'active',
    mode: 'quick',
    stationId: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f',
    stationName: 'Tverskaya 12',
    stationAddress: 'Tverskaya St 12',
    lat: 55.7652,
    lng: 37.6041,
    utcOffsetMinutes: 180,
    connectorId: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    connectorNumber: 1,
    socketType: 'ccs2',
    powerKw: 150,
    startsAt: '2026-11-20T10:00:00.000Z',
    endsAt: '2026-11-20T10:15:00.000Z',
    begunAt: '2026-11-20T10:00:00.000Z',
    endedAt: null,
    fixedCostMinor: 5_000,
    idleMinuteCostMinor: 200,
    currency: 'rub',
    costMinor: 6_000,
    idleMinutes: 5,
    cancelCostMinor: 6_000,
    payWith: 'balance',
    exchange: null,
    failReason: null,
    transactionId: null,
    receiptId: null,
    ...patch,
  };
}

/** GET /reserve/socket/{id}/now_v2 of a free connector: a quote paid from the balance. */
export function buildReserveNow(patch: Partial<ReserveNow> = {}, quote: Partial<ReserveNow['quote']> = {}): ReserveNow {
  return {
    state: 'free',
    reservation: null,
    takenUntil: null,
    taken: [],
    quote: {
      fixedCostMinor: 5_000,
      idleMinuteCostMinor: 200,
      currency: 'rub',
      quickMaxCostMinor: 8_000,
      payWith: 'balance',
      blockedBy: null,
      balanceMinor: 150_050,
      minBalanceMinor: 10_000,
      balanceCurrency: 'rub',
      exchange: null,
      supportsPeriod: true,
      quickMinutes: 15,
      maxPeriodMinutes: 240,
      horizonDays: 3,
      stepMinutes: 5,
      ...quote,
    },
    ...patch,
  };
}
