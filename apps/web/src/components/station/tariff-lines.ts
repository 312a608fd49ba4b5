import type { Tariff } from '@evcharge/domain/tariff';

// The tariff as a driver reads it: what energy, time and parking cost, then one-off fees.
// A fee of 0 is not worth a line; an energy, time or parking price of 0 is ("free").
export type TariffRowKind =
  | 'perKwh'
  | 'perMinute'
  | 'parkingPerMinute'
  | 'startFee'
  | 'firstConsumptionFee'
  | 'reservationFee'
  | 'reservationPerMinute'
  | 'minimalCost';

export type TariffRow = { kind: TariffRowKind; amountMinor: number };

const priceKinds = [
  ['perKwh', 'perKwhMinor'],
  ['perMinute', 'perMinuteMinor'],
  ['parkingPerMinute', 'parkingPerMinuteMinor'],
] as const;

const feeKinds = [
  ['startFee', 'startFeeMinor'],
  ['firstConsumptionFee', 'firstConsumptionFeeMinor'],
  ['reservationFee', 'reservationFeeMinor'],
  // SPEC §3 Reservation: the idle-minute cost beside its fixed cost.
  ['reservationPerMinute', 'reservationPerMinuteMinor'],
  ['minimalCost', 'minimalCostMinor'],
] as const;

export function tariffRows(tariff: Tariff): TariffRow[] {
  const rows: TariffRow[] = priceKinds
    // Charging by the minute is rare; when both it and parking are 0, nobody needs to read it.
    .filter(([kind, field]) => kind === 'perKwh' || tariff[field] > 0)
    .map(([kind, field]) => ({ kind, amountMinor: tariff[field] }));
  for (const [kind, field] of feeKinds) {
    if (tariff[field] > 0) rows.push({ kind, amountMinor: tariff[field] });
  }
  return rows;
}
