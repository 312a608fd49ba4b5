import type {
  ConnectorType,
  EvseStatus,
  OcpiConnector,
  OcpiEvse,
  OcpiLocation,
} from '@evcharge/api/ocpi/types';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import type { CurrentType, SocketTypeId } from '@evcharge/domain/socket-type';
import { weekDays, type WeekDay } from '@evcharge/domain/station-hours';
import type { Schedule } from '../../db/schema/stations';

// A roaming partner's Location (OCPI 2.2.1 §8.3.1) as a station of our map (SPEC §3 Station,
// Connector): the connector standards our filters know, the EVSE statuses as our connector
// statuses, the opening times as our weekly hours, the time zone as the station's offset.

/** OCPI 2.2.1 §8.4.4 ConnectorType → our socket types; a standard we do not list is skipped. */
const socketOfStandard: Partial<Record<ConnectorType, SocketTypeId>> = {
  IEC_62196_T1: 'type1',
  IEC_62196_T2: 'type2',
  IEC_62196_T1_COMBO: 'ccs1',
  IEC_62196_T2_COMBO: 'ccs2',
  CHADEMO: 'chademo',
  GBT_AC: 'gbt-ac',
  GBT_DC: 'gbt-dc',
  TESLA_S: 'nacs',
  TESLA_R: 'nacs',
  DOMESTIC_F: 'schuko',
};

export function socketTypeOf(standard: ConnectorType): SocketTypeId | undefined {
  return socketOfStandard[standard];
}

/** Our socket types as OCPI standards (the CPO side publishes ours). */
export const standardOfSocket: Record<SocketTypeId, ConnectorType> = {
  type1: 'IEC_62196_T1',
  type2: 'IEC_62196_T2',
  ccs1: 'IEC_62196_T1_COMBO',
  ccs2: 'IEC_62196_T2_COMBO',
  chademo: 'CHADEMO',
  'gbt-ac': 'GBT_AC',
  'gbt-dc': 'GBT_DC',
  nacs: 'TESLA_S',
  schuko: 'DOMESTIC_F',
};

/**
 * OCPI 2.2.1 §8.4.22 Status → our connector status. BLOCKED (the bay is blocked, by a car
 * parked in front) and INOPERATIVE are unavailable; OUTOFORDER is a fault; PLANNED, REMOVED and
 * UNKNOWN are not usable; whether to show them at all is decided by the caller (isListedEvse).
 */
export function connectorStatusOf(status: EvseStatus): ConnectorStatus {
  switch (status) {
    case 'AVAILABLE':
      return 'available';
    case 'CHARGING':
      return 'charging';
    case 'RESERVED':
      return 'reserved';
    case 'OUTOFORDER':
      return 'faulted';
    default:
      return 'unavailable';
  }
}

/** An EVSE drivers should see: not one only planned or already removed (§8.4.22). */
export function isListedEvse(evse: Pick<OcpiEvse, 'status'>): boolean {
  return evse.status !== 'PLANNED' && evse.status !== 'REMOVED';
}

/** OCPI 2.2.1 §8.3.3: the connector's power in watts, from max_electric_power or V × A × phases. */
export function powerWOf(connector: Pick<OcpiConnector, 'max_electric_power' | 'max_voltage' | 'max_amperage' | 'power_type'>): number {
  if (connector.max_electric_power && connector.max_electric_power > 0)
    return connector.max_electric_power;
  const phases = connector.power_type === 'AC_3_PHASE' ? 3 : 1;
  // §8.3.3: for AC_3_PHASE max_voltage is the line-to-neutral voltage.
  return Math.max(1, Math.round(connector.max_voltage * connector.max_amperage * phases));
}

export function currentTypeOf(connector: Pick<OcpiConnector, 'power_type'>): CurrentType {
  return connector.power_type === 'DC' ? 'DC' : 'AC';
}

/** OCPI 2.2.1 §8.4.13 Hours → our weekly hours (weekday 1 is Monday). */
export function scheduleOf(hours: OcpiLocation['opening_times']): Schedule {
  const week = Object.fromEntries(weekDays.map((day) => [day, []])) as unknown as Record<
    WeekDay,
    { from: string; to: string }[]
  > satisfies Schedule;
  if (!hours || hours.twentyfourseven || !hours.regular_hours?.length) {
    for (const day of weekDays) week[day] = [{ from: '00:00', to: '24:00' }];
    return week;
  }
  for (const period of hours.regular_hours) {
    const day = weekDays[period.weekday - 1];
    if (day) week[day].push({ from: period.period_begin, to: period.period_end });
  }
  return week;
}

/**
 * The UTC offset of an IANA time zone at `at`, in minutes east (OCPI gives the zone, our
 * station keeps an offset; it is taken again at each update, so a change of season follows
 * with the partner's next push or our next pull).
 */
export function utcOffsetOf(timeZone: string, at: Date): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    const whole = Math.floor(at.getTime() / 60_000) * 60_000;
    return Math.round((local - whole) / 60_000);
  } catch {
    return 0;
  }
}

/** ISO 3166-1 alpha-3 → alpha-2 (lower case) for the countries partners are in; others: undefined. */
const alpha2: Record<string, string> = {
  RUS: 'ru', KAZ: 'kk', AZE: 'az', KGZ: 'kg', LVA: 'lv', TJK: 'tj', UZB: 'uz', JOR: 'jo',
  FIN: 'fi', EST: 'ee', LTU: 'lt', POL: 'pl', DEU: 'de', NLD: 'nl', BEL: 'be', FRA: 'fr',
  SWE: 'se', NOR: 'no', DNK: 'dk', GEO: 'ge', ARM: 'am', BLR: 'by', TUR: 'tr', ESP: 'es',
  ITA: 'it', AUT: 'at', CHE: 'ch', CZE: 'cz', GBR: 'gb', ARE: 'ae',
};

/** Our station country (SPEC §3 uses `kk` for Kazakhstan) of an OCPI Location's country. */
export function countryOf(alpha3: string): string | undefined {
  return alpha2[alpha3.toUpperCase()];
}

/** The address line we show: OCPI keeps the street and the city apart. */
export function addressOf(location: Pick<OcpiLocation, 'address' | 'postal_code' | 'city'>): string {
  return [location.address, [location.postal_code, location.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}
