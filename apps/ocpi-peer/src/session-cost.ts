import { cdr as cdrSchema, type OcpiCdr } from '@evcharge/api/ocpi/types';
import type { PeerDeps } from './context';
import { findEvse } from './network';
import { priceSession, type PricedStretch } from './pricing';
import type { LiveSession } from './sessions';

// What a session at the peer's stations costs under its connector's tariff (OCPI 2.2.1 §11),
// and the CDR it ends with (§10.3.1).

export const round = (value: number, digits: number) =>
  Math.round(value * 10 ** digits) / 10 ** digits;

export function tariffOf(deps: PeerDeps, live: LiveSession) {
  const connector = findEvse(
    deps,
    live.session.location_id,
    live.session.evse_uid,
  )?.evse.connectors.find((c) => c.id === live.session.connector_id);
  const tariffId = connector?.tariff_ids?.[0];
  return tariffId ? deps.store.tariffs.get(tariffId) : undefined;
}

export function costOf(deps: PeerDeps, live: LiveSession) {
  const tariff = tariffOf(deps, live);
  if (!tariff) return undefined;
  // Before the first step of the clock the FLAT part is already due.
  const start = new Date(Date.parse(live.session.start_date_time));
  const opening: PricedStretch = {
    start,
    energyKwh: 0,
    chargingHours: 0,
    parkingHours: 0,
    powerKw: live.powerKw,
    kwhBefore: 0,
    secondsBefore: 0,
  };
  return priceSession(tariff, live.timeZone, live.stretches.length ? live.stretches : [opening]);
}

/** The CDR of a finished session (§10.3.1): its location, tariff, periods and totals. */
export function cdrOf(deps: PeerDeps, live: LiveSession): OcpiCdr {
  const s = live.session;
  const found = findEvse(deps, s.location_id, s.evse_uid)!;
  const connector = found.evse.connectors.find((c) => c.id === s.connector_id)!;
  const tariff = tariffOf(deps, live);
  const cost = costOf(deps, live);
  const zero = { excl_vat: 0, incl_vat: 0 };
  const chargingHours = live.stretches.reduce((sum, x) => sum + x.chargingHours, 0);
  const parkingHours = live.stretches.reduce((sum, x) => sum + x.parkingHours, 0);
  const periods = s.charging_periods?.length
    ? s.charging_periods
    : [
        {
          start_date_time: s.start_date_time,
          dimensions: [{ type: 'ENERGY' as const, volume: 0 }],
        },
      ];
  const l = found.location;
  return cdrSchema.parse({
    country_code: s.country_code,
    party_id: s.party_id,
    id: `${s.id}-CDR`,
    start_date_time: s.start_date_time,
    end_date_time: s.end_date_time,
    session_id: s.id,
    cdr_token: s.cdr_token,
    auth_method: s.auth_method,
    ...(s.authorization_reference ? { authorization_reference: s.authorization_reference } : {}),
    cdr_location: {
      id: l.id,
      name: l.name,
      address: l.address,
      city: l.city,
      postal_code: l.postal_code,
      country: l.country,
      coordinates: l.coordinates,
      evse_uid: found.evse.uid,
      evse_id: found.evse.evse_id ?? found.evse.uid,
      connector_id: connector.id,
      connector_standard: connector.standard,
      connector_format: connector.format,
      connector_power_type: connector.power_type,
    },
    currency: s.currency,
    ...(tariff ? { tariffs: [tariff] } : {}),
    charging_periods: periods,
    total_cost: cost?.total ?? zero,
    total_fixed_cost: cost?.fixed ?? zero,
    total_energy: s.kwh,
    total_energy_cost: cost?.energy ?? zero,
    total_time: round(chargingHours + parkingHours, 6),
    total_time_cost: cost?.time ?? zero,
    total_parking_time: round(parkingHours, 6),
    total_parking_cost: cost?.parking ?? zero,
    last_updated: s.last_updated,
  });
}
