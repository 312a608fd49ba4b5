import type { Currency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import type { OcpiTariff, PriceComponent } from '@evcharge/domain/roaming-tariff';
import { walletCurrencyOf } from '../ledger';
import type { ConnectorPlace } from './place-repo';
import { partnerTariff, partnerTariffCurrency } from './roaming-repo';
import type { ChargeDeps } from './start';

// A partner's connector and its terms for our driver (SPEC §1 roaming): the partner's
// currency, our markup and the brand's rate into the wallet's currency, and what a
// reservation there costs. Every roaming start, adoption and reservation asks here.

export type RoamingPlace = ConnectorPlace & {
  roamingPartnerId: string;
  ocpiLocationId: string;
  ocpiEvseUid: string;
  ocpiConnectorId: string;
};

export function isRoamingPlace(place: ConnectorPlace): place is RoamingPlace {
  return (
    place.roamingPartnerId !== null &&
    place.ocpiLocationId !== null &&
    place.ocpiEvseUid !== null &&
    place.ocpiConnectorId !== null
  );
}

/** The currency of a signed-in driver's wallet (there is one). */
export async function driverWalletCurrency(db: ChargeDeps['db'], userId: string): Promise<Currency> {
  const currency = await walletCurrencyOf(db, userId);
  if (!currency) throw new Error(`no user ${userId}`);
  return currency;
}

/** The partner's currency, our markup and the rate into the wallet's currency, or a refusal. */
export async function roamingTerms(deps: Pick<ChargeDeps, 'db' | 'brand'>, place: RoamingPlace, userId: string) {
  const partnerCurrency = await partnerTariffCurrency(
    deps.db,
    place.roamingPartnerId,
    place.ocpiTariffIds ?? [],
  );
  if (!partnerCurrency)
    throw new AppError('ROAMING_UNAVAILABLE', { details: { reason: 'noTariff' } });
  const walletCurrency = await driverWalletCurrency(deps.db, userId);
  const rate = deps.brand.roaming.rates[partnerCurrency.toLowerCase()]?.[walletCurrency];
  if (!rate) throw new AppError('ROAMING_UNAVAILABLE', { details: { reason: 'noRate' } });
  return { partnerCurrency, walletCurrency, rate, markupPercent: deps.brand.roaming.markupPercent };
}

/**
 * What a reservation of a partner's connector costs the driver (SPEC §3 Reservation, OCPI
 * 2.2.1 §11.4.6 `reservation` restrictions): the partner's tariff element for reservations
 * (RESERVATION first, else RESERVATION_EXPIRES) gives the fixed cost (FLAT) and the cost of a
 * minute held (TIME, per hour), with VAT and our markup at the brand's rate into the wallet's
 * currency, a minute rounded up. A tariff that does not price reservations: they cost nothing.
 */
export async function roamingReservationPrice(
  deps: Pick<ChargeDeps, 'db' | 'brand'>,
  place: RoamingPlace,
  userId: string,
) {
  const terms = await roamingTerms(deps, place, userId);
  const tariff = (await partnerTariff(deps.db, place.roamingPartnerId, place.ocpiTariffIds ?? [])) as
    | OcpiTariff
    | undefined;
  const elements = tariff?.elements ?? [];
  const element =
    elements.find((e) => e.restrictions?.reservation === 'RESERVATION') ??
    elements.find((e) => e.restrictions?.reservation === 'RESERVATION_EXPIRES');
  const driverMinor = (component: PriceComponent | undefined) => {
    if (!component) return 0;
    const partnerMinor = Math.round(component.price * (1 + (component.vat ?? 0) / 100) * 100);
    return roamingPrice(partnerMinor, { markupPercent: terms.markupPercent, rate: terms.rate })
      .driverMinor;
  };
  const components = element?.price_components ?? [];
  return {
    currency: terms.walletCurrency,
    price: {
      fixedCostMinor: driverMinor(components.find((c) => c.type === 'FLAT')),
      idleMinuteCostMinor: Math.ceil(driverMinor(components.find((c) => c.type === 'TIME')) / 60),
    },
  };
}
