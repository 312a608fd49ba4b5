import type {
  ConnectorType,
  EvseStatus,
  OcpiLocation,
  OcpiTariffObject,
} from '@evcharge/api/ocpi/types';
import { ocpiDateTime } from '@evcharge/api/ocpi/types';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import { isoCode, type Currency } from '@evcharge/domain/currency';
import { weekDays } from '@evcharge/domain/station-hours';
import type { RoamingDeps } from './credentials';
import { standardOfSocket } from './mapping';
import {
  publishedConnectors,
  publishedStationPage,
  publishedTariffPage,
  publishedZones,
  type PublishedStation,
} from './publish-repo';

// OCPI 2.2.1 §8.2.1 and §11.2.1, CPO side: our stations and their tariffs as Locations and
// Tariffs for partners' drivers (SPEC §1 roaming, both ways). Public stations of our own network
// with a charge point are offered; private and partners' stations are not. An EVSE is one of our
// connectors (OCPP 1.6 connectorId), with one OCPI connector "1".

/** Our country codes (SPEC §3) and the partners' we show, as ISO 3166-1 alpha-3. */
export const alpha3: Record<string, string> = {
  ru: 'RUS', kk: 'KAZ', az: 'AZE', kg: 'KGZ', lv: 'LVA', tj: 'TJK', uz: 'UZB', jo: 'JOR',
};

/** OCPI 2.2.1 §8.4.22 Status of our connector status. */
export function evseStatusOf(status: ConnectorStatus): EvseStatus {
  switch (status) {
    case 'available':
      return 'AVAILABLE';
    case 'reserved':
      return 'RESERVED';
    case 'faulted':
      return 'OUTOFORDER';
    case 'unavailable':
      return 'INOPERATIVE';
    default:
      // preparing, charging, suspended…, finishing, parking: a car is on it.
      return 'CHARGING';
  }
}

/**
 * An IANA zone for a whole-hour offset (the Etc/GMT zones count the other way: UTC+3 is
 * Etc/GMT-3); our stations keep a fixed offset, not a zone.
 */
export function timeZoneOf(utcOffsetMinutes: number): string {
  if (utcOffsetMinutes === 0 || utcOffsetMinutes % 60 !== 0) return 'UTC';
  const hours = utcOffsetMinutes / 60;
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** The EVSE ID printed for drivers (ISO 15118 / eMI3: country*operator*E id). */
export const evseIdOf = (countryCode: string, partyId: string, code: string, number: number) =>
  `${countryCode}*${partyId}*E${code.replace(/[^A-Za-z0-9]/g, '')}*${number}`;

function locationOf(
  deps: Pick<RoamingDeps, 'config'>,
  station: PublishedStation,
  connectors: Awaited<ReturnType<typeof publishedConnectors>>,
): OcpiLocation {
  const { countryCode, partyId } = deps.config.ocpi;
  const allDay = weekDays.every((day) =>
    station.schedule[day].some((p) => p.from === '00:00' && (p.to === '24:00' || p.to === '00:00')),
  );
  const evses = connectors.map((c) => {
    const isDc = c.currentType === 'DC';
    const standard: ConnectorType = standardOfSocket[c.socketType];
    return {
      uid: c.id,
      evse_id: evseIdOf(countryCode, partyId, station.code, c.number),
      status: evseStatusOf(c.status),
      physical_reference: String(c.number),
      connectors: [
        {
          id: '1',
          standard,
          format: isDc ? ('CABLE' as const) : ('SOCKET' as const),
          power_type: isDc ? ('DC' as const) : ('AC_3_PHASE' as const),
          max_voltage: isDc ? 500 : 230,
          max_amperage: c.amperage,
          max_electric_power: c.powerW,
          ...(station.tariffId ? { tariff_ids: [station.tariffId] } : {}),
          last_updated: ocpiDateTime(station.createdAt),
        },
      ],
      last_updated: ocpiDateTime(c.statusAt > station.createdAt ? c.statusAt : station.createdAt),
    };
  });
  return {
    country_code: countryCode,
    party_id: partyId,
    id: station.code,
    publish: true,
    name: station.name,
    address: station.address.slice(0, 45),
    city: station.city.slice(0, 45),
    country: alpha3[station.country] ?? 'RUS',
    coordinates: { latitude: station.lat.toFixed(6), longitude: station.lng.toFixed(6) },
    operator: { name: deps.config.ocpi.partyId },
    time_zone: timeZoneOf(station.utcOffsetMinutes),
    opening_times: allDay
      ? { twentyfourseven: true }
      : {
          twentyfourseven: false,
          regular_hours: weekDays.flatMap((day, index) =>
            station.schedule[day].map((p) => ({
              weekday: index + 1,
              period_begin: p.from,
              period_end: p.to,
            })),
          ),
        },
    evses,
    last_updated: ocpiDateTime(station.lastUpdated),
  };
}

export type Page<Item> = { items: Item[]; total: number };

/** §8.2.1.1 GET list: our Locations changed in [dateFrom, dateTo), by offset and limit. */
export async function ourLocations(
  deps: Pick<RoamingDeps, 'db' | 'config'>,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<Page<OcpiLocation>> {
  const page = await publishedStationPage(deps.db, query);
  const connectors = await publishedConnectors(deps.db, page.rows.map((s) => s.id));
  return {
    total: page.total,
    items: page.rows.map((station) =>
      locationOf(deps, station, connectors.filter((c) => c.stationId === station.id)),
    ),
  };
}

/** §8.2.1.2 GET one: a Location of ours by its id (the station code), or undefined. */
export async function ourLocation(
  deps: Pick<RoamingDeps, 'db' | 'config'>,
  locationId: string,
): Promise<OcpiLocation | undefined> {
  const page = await publishedStationPage(deps.db, { code: locationId, offset: 0, limit: 1 });
  const station = page.rows[0];
  if (!station) return undefined;
  return locationOf(deps, station, await publishedConnectors(deps.db, [station.id]));
}

/** Our price with VAT (what drivers pay) as OCPI's price without it, to four decimals. */
const exclVat = (minor: number, vatPercent: number | null) =>
  Math.round((minor / 100 / (1 + (vatPercent ?? 0) / 100)) * 10_000) / 10_000;

/** §11.2.1 GET list: the tariffs of our published stations, as OCPI Tariffs. */
export async function ourTariffs(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<Page<OcpiTariffObject>> {
  const page = await publishedTariffPage(deps.db, query);
  const zones = await publishedZones(deps.db, page.rows.map((t) => t.id));
  const vat = deps.brand.seller.vatRatePercent;
  const withVat = vat === null ? {} : { vat };
  const items = page.rows.map((tariff): OcpiTariffObject => {
    const components = (prices: { perKwhMinor: number; perMinuteMinor: number; parkingPerMinuteMinor: number }) => [
      { type: 'ENERGY' as const, price: exclVat(prices.perKwhMinor, vat), ...withVat, step_size: 1 },
      ...(prices.perMinuteMinor > 0
        ? [{ type: 'TIME' as const, price: exclVat(prices.perMinuteMinor * 60, vat), ...withVat, step_size: 60 }]
        : []),
      ...(prices.parkingPerMinuteMinor > 0
        ? [{ type: 'PARKING_TIME' as const, price: exclVat(prices.parkingPerMinuteMinor * 60, vat), ...withVat, step_size: 60 }]
        : []),
    ];
    const start = tariff.startFeeMinor + tariff.firstConsumptionFeeMinor;
    return {
      country_code: deps.config.ocpi.countryCode,
      party_id: deps.config.ocpi.partyId,
      id: tariff.id,
      currency: isoCode(tariff.currency as Currency),
      ...(tariff.minimalCostMinor > 0
        ? { min_price: { excl_vat: exclVat(tariff.minimalCostMinor, vat), incl_vat: tariff.minimalCostMinor / 100 } }
        : {}),
      elements: [
        // Time-of-day zones first: the first element whose restrictions hold applies (§11.3.2).
        ...zones
          .filter((zone) => zone.tariffId === tariff.id)
          .map((zone) => ({
            price_components: components(zone),
            restrictions: { start_time: zone.from, end_time: zone.to === '24:00' ? '00:00' : zone.to },
          })),
        { price_components: components(tariff) },
        ...(start > 0
          ? [{ price_components: [{ type: 'FLAT' as const, price: exclVat(start, vat), ...withVat, step_size: 1 }] }]
          : []),
      ],
      last_updated: ocpiDateTime(tariff.createdAt),
    };
  });
  return { total: page.total, items };
}
