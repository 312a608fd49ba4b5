import { FAST_DC_MIN_KW_EXCLUSIVE, SLOW_AC_MAX_KW } from './constants';
import type { CurrentType } from './socket-type';

// SPEC §9: fast charge is DC above 30 kW, slow charge is AC up to 22 kW. The spec names only
// those two, which leaves two cases it does not cover: AC above 22 kW (43 kW Type 2 posts) and
// DC at 30 kW or less (wallbox DC chargers). We call those 'normal': neither fast nor slow, so
// a "fast" or "slow" filter never shows a connector the spec would not call fast or slow.
export const chargeClasses = ['fast', 'normal', 'slow'] as const;
export type ChargeClass = (typeof chargeClasses)[number];

export type ChargeClassInput = { currentType: CurrentType; powerKw: number };

export function chargeClass({ currentType, powerKw }: ChargeClassInput): ChargeClass {
  if (currentType === 'DC' && powerKw > FAST_DC_MIN_KW_EXCLUSIVE) return 'fast';
  if (currentType === 'AC' && powerKw <= SLOW_AC_MAX_KW) return 'slow';
  return 'normal';
}

export function isFastCharge(connector: ChargeClassInput): boolean {
  return chargeClass(connector) === 'fast';
}

export function isSlowCharge(connector: ChargeClassInput): boolean {
  return chargeClass(connector) === 'slow';
}
