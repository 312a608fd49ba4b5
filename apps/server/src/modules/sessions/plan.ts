import { minStartBalanceMinor, planCharge, type ChargingProfile } from '@evcharge/domain/charging';
import { AppError } from '@evcharge/domain/errors';
import { paidMinor } from '@evcharge/domain/exchange';
import { estimateCost } from '@evcharge/domain/tariff';
import type { StartChargeBody } from '@evcharge/api/sessions/charge-schemas';
import type { Db } from '../../db/client';
import { stationTariffAt } from './repo';
import { tariffOf, withLoyalty } from './cost';
import { chargeLoyaltyOf } from './charge-view';
import { pointsOf } from './finish';
import { loyaltyColumns } from './session-loyalty';
import { payerForProfile, type Payer } from '../ledger';
import { connectorPlace, findOwnCar, payerProfile } from './place-repo';
import { paymentFor } from './start';
import { sessionTariffId, stationRule } from './start-rules';
import { driverWalletCurrency, isRoamingPlace, type RoamingPlace } from './roaming-terms';
import { partnerTariff } from './roaming-repo';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { tariff as ocpiTariff } from '@evcharge/api/ocpi/types';
import { ocpiEstimate } from '@evcharge/domain/roaming-tariff';
import { roamingPrice } from '@evcharge/domain/roaming-price';

// SPEC §7 POST /charge/plan: what a session will likely take and cost before it starts.

export async function planSession(
  db: Db,
  brand: Pick<BrandConfig, 'roaming'>,
  userId: string,
  body: {
    connectorId: string;
    limit: StartChargeBody['limit'];
    profile: ChargingProfile;
    carId?: string | null;
    loyaltyCardId?: string | null;
  },
) {
  const place = await connectorPlace(db, body.connectorId);
  if (!place) throw new AppError('STATION_NOT_FOUND');
  if (isRoamingPlace(place)) return planRoamingSession(db, brand, userId, place, body);
  const now = new Date();
  // The start's own rules, in its order: the station's rule first (start-rules.ts decideStart).
  const rule = stationRule(place, userId, now);
  if (rule.access === 'hidden') throw new AppError('STATION_NOT_FOUND');
  const stationTariffId = await stationTariffAt(db, place.stationId, now);
  if (!stationTariffId) throw new AppError('STATION_NOT_FOUND');
  const currency = (await tariffOf(db, stationTariffId)).tariff.currency;
  // The owner's own station: the estimate of their own electricity is nothing.
  const tariffId = sessionTariffId(rule.access, stationTariffId, currency);
  const { tariff } = await tariffOf(db, tariffId);
  const car = body.carId ? await findOwnCar(db, userId, body.carId) : undefined;
  if (body.carId && !car)
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'carId', rule: 'invalid' }] });
  const { utcOffsetMinutes } = place;
  // SPEC §7 Loyalty: the card the start would use, and the estimate after its discount.
  const { loyalty } =
    rule.access === 'owner'
      ? { loyalty: null }
      : await loyaltyColumns(db, userId, place, body.loyaltyCardId);
  // How it would be paid decides the currency of the estimate (payment-rule.ts): the wallet's
  // at the brand's rate when the station prices in another, else the station's.
  const user = await payerProfile(db, userId);
  const payer: Payer =
    rule.access === 'owner' ? { kind: 'user_wallet', userId } : payerForProfile(userId, user);
  const { rates } = brand.roaming;
  const payment = await paymentFor(db, userId, payer, tariff.currency, rates, rule.access);
  const { exchange } = payment;
  const planFor = (limit: StartChargeBody['limit']) =>
    planCharge({
      connector: place,
      car,
      limit,
      profile: body.profile,
      perKwhMinor: tariff.perKwhMinor,
      perMinuteMinor: tariff.perMinuteMinor,
    });
  const pricedAt = (energyWh: number, minutes: number) =>
    withLoyalty(
      estimateCost(tariff, { energyWh, minutes, at: now, utcOffsetMinutes }),
      loyalty,
      exchange,
    );
  const costOf = (energyWh: number, minutes: number) => pricedAt(energyWh, minutes).costMinor;
  // A cost limit: the most energy whose estimate, with the prices in force now (zones, fees),
  // stays within it; the same estimate the answer's cost comes from.
  // A cost limit is typed in the station's prices; the estimate is in what pays (at the rate).
  const limitMinor =
    body.limit.mode === 'cost' && body.limit.value != null
      ? paidMinor(body.limit.value, exchange)
      : null;
  const plan =
    limitMinor !== null
      ? energyWithin(limitMinor, planFor({ mode: 'full' }).energyWh, (wh) => {
          const atEnergy = planFor({ mode: 'energy', value: wh });
          return { plan: atEnergy, costMinor: costOf(wh, atEnergy.minutes ?? 0) };
        })
      : planFor(body.limit);
  const priced =
    plan.energyWh !== undefined && plan.minutes !== undefined
      ? pricedAt(plan.energyWh, plan.minutes)
      : null;
  const costMinor = priced?.costMinor ?? null;
  const minBalanceMinor = minStartBalanceMinor(payment.balanceCurrency);
  const closed = rule.refusal;
  const refusal = closed ? closed.code : 'refusal' in payment ? payment.refusal.code : null;
  return {
    powerW: plan.powerW,
    energyWh: plan.energyWh ?? null,
    minutes: plan.minutes ?? null,
    costMinor,
    currency: 'refusal' in payment ? (exchange?.to ?? tariff.currency) : payment.currency,
    exchange: exchange && {
      currency: exchange.from,
      costMinor: priced?.priceCostMinor ?? null,
      rate: exchange.rate,
    },
    canStart: refusal === null,
    minBalanceMinor,
    balanceMinor: payment.balanceMinor,
    balanceCurrency: payment.balanceCurrency,
    blockedBy: blockedByOf(refusal),
    opensAt: typeof closed?.details?.opensAt === 'string' ? closed.details.opensAt : null,
    payWith: 'refusal' in payment ? null : payment.method,
    cardHoldMinor: 'refusal' in payment || payment.method !== 'card' ? null : payment.capMinor,
    // The points are the estimate's, for the energy the plan expects.
    loyalty: chargeLoyaltyOf(
      {
        loyalty,
        loyaltyPoints: plan.energyWh === undefined ? null : pointsOf({ loyalty }, plan.energyWh),
      },
      priced?.discountMinor ?? 0,
    ),
  };
}

/**
 * The plan at a partner's connector (SPEC §1 roaming): the energy and time as at ours, the cost
 * from the partner's OCPI tariff (domain/roaming-tariff.ts) with our markup at the rate into
 * the wallet's currency; no rate, no start.
 */
async function planRoamingSession(
  db: Db,
  brand: Pick<BrandConfig, 'roaming'>,
  userId: string,
  place: RoamingPlace,
  body: Parameters<typeof planSession>[3],
) {
  const now = new Date();
  const rule = stationRule(place, userId, now);
  if (rule.access === 'hidden') throw new AppError('STATION_NOT_FOUND');
  const car = body.carId ? await findOwnCar(db, userId, body.carId) : undefined;
  if (body.carId && !car)
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'carId', rule: 'invalid' }] });
  const currency = await driverWalletCurrency(db, userId);
  const parsed = ocpiTariff.safeParse(
    await partnerTariff(db, place.roamingPartnerId, place.ocpiTariffIds ?? []),
  );
  const tariff = parsed.success ? parsed.data : undefined;
  const rate = tariff
    ? brand.roaming.rates[tariff.currency.toLowerCase()]?.[currency]
    : undefined;
  const planFor = (limit: StartChargeBody['limit']) =>
    planCharge({ connector: place, car, limit, profile: body.profile, perKwhMinor: 0, perMinuteMinor: 0 });
  const costOf = (energyWh: number) => {
    if (!tariff || !rate || energyWh <= 0) return 0;
    const partner = ocpiEstimate(tariff, {
      energyWh,
      powerKw: Math.max(0.1, place.powerKw),
      startsAt: now,
      utcOffsetMinutes: place.utcOffsetMinutes,
    }).total.inclVatMinor;
    return roamingPrice(partner, { markupPercent: brand.roaming.markupPercent, rate }).driverMinor;
  };
  const plan =
    body.limit.mode === 'cost' && body.limit.value != null
      ? energyWithin(body.limit.value, planFor({ mode: 'full' }).energyWh, (wh) => ({
          plan: planFor({ mode: 'energy', value: wh }),
          costMinor: costOf(wh),
        }))
      : planFor(body.limit);
  const costMinor = tariff && rate && plan.energyWh !== undefined ? costOf(plan.energyWh) : null;
  const payer = payerForProfile(userId, await payerProfile(db, userId));
  // Priced in the wallet's currency already (roaming-price.ts): nothing to convert.
  const payment = await paymentFor(db, userId, payer, currency, {});
  const refusal =
    rule.refusal?.code ??
    (!tariff || !rate ? 'ROAMING_UNAVAILABLE' : 'refusal' in payment ? payment.refusal.code : null);
  return {
    powerW: plan.powerW,
    energyWh: plan.energyWh ?? null,
    minutes: plan.minutes ?? null,
    costMinor,
    currency,
    exchange: null,
    canStart: refusal === null,
    minBalanceMinor: minStartBalanceMinor(currency),
    balanceMinor: payment.balanceMinor,
    balanceCurrency: payment.balanceCurrency,
    blockedBy: refusal === 'ROAMING_UNAVAILABLE' ? null : blockedByOf(refusal),
    opensAt: typeof rule.refusal?.details?.opensAt === 'string' ? rule.refusal.details.opensAt : null,
    payWith: 'refusal' in payment ? null : payment.method,
    cardHoldMinor: 'refusal' in payment || payment.method !== 'card' ? null : payment.capMinor,
    loyalty: null,
  };
}

type StationLabelBlock = 'notWorking' | 'underRepair' | 'openingSoon';
type BlockedBy = 'closed' | StationLabelBlock | 'debt' | 'funds' | 'cardBlocked';

/** SPEC §4: the label a station's refusal names, as the screens name it. */
const labelOfRefusal: Record<string, StationLabelBlock> = {
  STATION_NOT_WORKING: 'notWorking',
  STATION_UNDER_REPAIR: 'underRepair',
  STATION_OPENING_SOON: 'openingSoon',
};

/** What blocks a start (or a reservation, paid as a start is), as the screens name it. */
export function blockedByOf(refusal: string | null | undefined): BlockedBy | null {
  if (refusal === null || refusal === undefined) return null;
  if (refusal === 'STATION_CLOSED') return 'closed';
  const label = labelOfRefusal[refusal];
  if (label) return label;
  if (refusal === 'DEBT_BLOCKS') return 'debt';
  return refusal === 'CARD_BLOCKED' ? 'cardBlocked' : 'funds';
}

/** Searching more energy than this (1 MWh) is pointless for one car. */
const MAX_PLAN_WH = 1_000_000;

/**
 * The largest energy (whole Wh) whose cost is within `limitMinor`, by bisection: the cost of
 * a session never falls when it takes more energy. `capWh` is what the battery can still take.
 */
export function energyWithin<P extends { energyWh?: number }>(
  limitMinor: number,
  capWh: number | undefined,
  at: (energyWh: number) => { plan: P; costMinor: number },
): P {
  let low = 0;
  let high = capWh ?? MAX_PLAN_WH;
  if (at(high).costMinor <= limitMinor) return at(high).plan;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (at(middle).costMinor <= limitMinor) low = middle;
    else high = middle;
  }
  return at(low).plan;
}
