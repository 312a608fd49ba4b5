import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { Currency } from '@evcharge/domain/currency';

/**
 * SPEC §3 parking fee: the brand's ceiling on what parking may cost in a session priced in
 * `currency`, fixed on the session when it is made (every way a session of ours starts: the
 * app, a tag, a reservation, a partner's driver), so a later change of the brand's terms does
 * not reach a car already plugged in.
 */
export function parkingFeeCapOf(
  brand: Pick<BrandConfig, 'parkingFeeCapMinor'>,
  currency: Currency,
): number | null {
  return brand.parkingFeeCapMinor[currency] ?? null;
}
