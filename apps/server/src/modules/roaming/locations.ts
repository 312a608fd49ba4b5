import {
  connector as connectorSchema,
  connectorPatch,
  evse as evseSchema,
  evsePatch,
  location as locationSchema,
  locationPatch,
  parseDateTime,
  type OcpiConnector,
  type OcpiEvse,
  type OcpiLocation,
} from '@evcharge/api/ocpi/types';
import type { FastifyBaseLogger } from 'fastify';
import { workHoursText } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import type { RoamingDeps } from './credentials';
import {
  addressOf,
  connectorStatusOf,
  countryOf,
  currentTypeOf,
  isListedEvse,
  powerWOf,
  scheduleOf,
  socketTypeOf,
  utcOffsetOf,
} from './mapping';
import { mendEvse, receivedLocation } from './received-location';
import {
  insertConnector,
  insertPartnerStation,
  lockPartnerStation,
  stationConnectors,
  updateConnector,
  updatePartnerStation,
  type LocationKey,
  type PartnerRow,
} from './repo';

// OCPI 2.2.1 §8 Locations, eMSP side: a partner's Location is a station of our map, its EVSEs'
// connectors our connectors (SPEC §1 "Stations of other operators appear through roaming"),
// whether it came by our pull (GET, §8.2.1) or the partner's push (PUT/PATCH, §8.2.2). Every
// change is applied in one transaction with the station's row locked, and only when it is
// newer than what we hold (last_updated), so a late, repeated or out-of-order push changes
// nothing twice. The read model is refreshed after.

export type LocationOutcome = 'stored' | 'unchanged' | 'skipped';

/** Why a push cannot be applied (answered as OCPI 2001/2003 by the transport). */
export class LocationRefusal extends Error {
  constructor(
    readonly reason: 'unknownLocation' | 'invalid' | 'notTheirs',
    message: string,
  ) {
    super(message);
    this.name = 'LocationRefusal';
  }
}

/** Whether the partner may speak for `countryCode`/`partyId` (one of its roles, §7.3.1). */
export function isPartnersParty(partner: PartnerRow, countryCode: string, partyId: string) {
  const cc = countryCode.toUpperCase();
  const pid = partyId.toUpperCase();
  return partner.roles.some((role) => role.countryCode === cc && role.partyId === pid);
}

const keyOf = (partner: PartnerRow, location: Pick<OcpiLocation, 'country_code' | 'party_id' | 'id'>): LocationKey => ({
  partnerId: partner.id,
  countryCode: location.country_code.toUpperCase(),
  partyId: location.party_id.toUpperCase(),
  locationId: location.id,
});

/** The station code a driver sees (and types for the QR code): the partner's party and id. */
/**
 * The code a driver reads on the station page: the partner's own id of the Location (upper case,
 * letters, digits and hyphens), with its party in front unless the id starts with it already
 * ("NCH-HEL-002"; "ABC-17" for location "17" of party ABC).
 */
export function codeOf(key: Pick<LocationKey, 'partyId' | 'locationId'>): string {
  const id = key.locationId
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32);
  return id.startsWith(`${key.partyId}-`) ? id : `${key.partyId}-${id}`;
}

function stationColumns(partner: PartnerRow, location: OcpiLocation, now: Date) {
  const country = countryOf(location.country);
  if (!country) return undefined;
  const schedule = scheduleOf(location.opening_times);
  return {
    name: location.name?.trim() || location.address,
    address: addressOf(location),
    region: location.state ?? location.city,
    city: location.city,
    country,
    lat: Number(location.coordinates.latitude),
    lng: Number(location.coordinates.longitude),
    schedule,
    workHours: workHoursText(schedule),
    utcOffsetMinutes: utcOffsetOf(location.time_zone, now),
    isRoaming: true,
    roamingOperator: location.operator?.name ?? partner.name,
    state: location.publish ? ('works' as const) : ('notWorking' as const),
    ocpiLastUpdated: parseDateTime(location.last_updated),
  };
}

function connectorColumns(evse: OcpiEvse, connector: OcpiConnector) {
  const socketType = socketTypeOf(connector.standard);
  if (!socketType) return undefined;
  return {
    socketType,
    powerW: powerWOf(connector),
    amperage: Math.max(1, connector.max_amperage),
    currentType: currentTypeOf(connector),
    status: connectorStatusOf(evse.status),
    statusAt: parseDateTime(evse.last_updated),
    ocpiEvseUid: evse.uid,
    ocpiEvseId: evse.evse_id ?? null,
    ocpiConnectorId: connector.id,
    ocpiTariffIds: connector.tariff_ids ?? [],
    ocpiLastUpdated: parseDateTime(connector.last_updated),
  };
}

/**
 * Brings the station's connectors in line with the EVSEs: known ones keep their number (a
 * QR code and a history name them), new ones take the next; EVSEs gone or REMOVED leave their
 * connectors unavailable (sessions and reviews keep naming them).
 */
async function applyEvses(tx: Db, stationId: string, evses: readonly OcpiEvse[]) {
  const existing = await stationConnectors(tx, stationId);
  const byKey = new Map(existing.map((c) => [`${c.ocpiEvseUid}\u0000${c.ocpiConnectorId}`, c]));
  let next = existing.reduce((max, c) => Math.max(max, c.number), 0) + 1;
  const seen = new Set<string>();
  for (const evse of evses) {
    for (const connector of evse.connectors) {
      const columns = connectorColumns(evse, connector);
      if (!columns) continue;
      const key = `${evse.uid}\u0000${connector.id}`;
      seen.add(key);
      const status = isListedEvse(evse) ? columns.status : ('unavailable' as const);
      const known = byKey.get(key);
      if (known) await updateConnector(tx, known.id, { ...columns, status });
      else await insertConnector(tx, { ...columns, status, stationId, number: next++ });
    }
  }
  for (const [key, connector] of byKey)
    if (!seen.has(key) && connector.status !== 'unavailable')
      await updateConnector(tx, connector.id, { status: 'unavailable', statusAt: new Date() });
}

type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
type Schema<T> = { safeParse(value: unknown): Parsed<T> };

/** The object a partner sent, as `schema` reads it, or a refusal naming the first problem (2001). */
export function parse<T>(schema: Schema<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new LocationRefusal('invalid', `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
}

/**
 * Whether a push at `a` may replace what we hold from `b`: not older. The same time again is a
 * repeat (applied again, it changes nothing) or a second change within the partner's clock's
 * resolution, which must not be lost.
 */
const isNotOlder = (a: string, b: string) => parseDateTime(a) >= parseDateTime(b);
const later = (a: string, b: string) => (parseDateTime(b) > parseDateTime(a) ? b : a);

/**
 * Writes the Location to its station inside `tx`, the station's row locked: the station's
 * columns, its connectors, and the object itself for the PATCHes to come.
 */
async function writeLocation(
  tx: Db,
  partner: PartnerRow,
  key: LocationKey,
  stationId: string | undefined,
  location: OcpiLocation,
  now: Date,
): Promise<string | undefined> {
  const columns = stationColumns(partner, location, now);
  if (!columns) return undefined;
  let id = stationId;
  if (id) await updatePartnerStation(tx, id, { ...columns, ocpiLocation: location });
  else {
    // A Location not published to us is not added (§8.3.1 publish); one we show that stops
    // being published is shown as not working.
    if (!location.publish) return undefined;
    const code = codeOf(key);
    id = await insertPartnerStation(tx, {
      ...columns,
      code,
      altName: code.replace(/-/g, ''),
      roamingPartnerId: partner.id,
      ocpiCountryCode: key.countryCode,
      ocpiPartyId: key.partyId,
      ocpiLocationId: key.locationId,
      ocpiLocation: location,
      tariffId: null,
    });
  }
  await applyEvses(tx, id, location.evses ?? []);
  return id;
}

/** A whole Location (our pull, or the partner's PUT): stored when newer than ours. */
export async function storeLocation(
  deps: RoamingDeps,
  partner: PartnerRow,
  location: OcpiLocation,
  now = new Date(),
): Promise<LocationOutcome> {
  if (!isPartnersParty(partner, location.country_code, location.party_id))
    throw new LocationRefusal('notTheirs', `${location.country_code}*${location.party_id} is not the partner's`);
  if (!countryOf(location.country)) return 'skipped';
  const key = keyOf(partner, location);
  const stationId = await deps.db.transaction(async (tx) => {
    const station = await lockPartnerStation(tx, key);
    const held = station?.ocpiLocation as OcpiLocation | null | undefined;
    if (held && !isNotOlder(location.last_updated, held.last_updated)) return undefined;
    return writeLocation(tx, partner, key, station?.id, location, now);
  });
  if (!stationId) return 'unchanged';
  await deps.stationReadModel.refreshStation(stationId);
  return 'stored';
}

export type LocationPush = {
  method: 'PUT' | 'PATCH';
  countryCode: string;
  partyId: string;
  locationId: string;
  evseUid?: string;
  connectorId?: string;
  body: unknown;
};

/**
 * The part a push names, applied to the Location we hold when it is newer than that part
 * (each object has its own last_updated, §8.3): undefined when the push changes nothing.
 */
function applyPush(held: OcpiLocation, push: LocationPush, notes: string[]): OcpiLocation | undefined {
  if (push.evseUid === undefined) {
    // PATCH of the Location itself (a PUT of it is stored whole).
    const patch = parse(locationPatch, push.body);
    if (!isNotOlder(patch.last_updated, held.last_updated)) return undefined;
    return { ...held, ...patch, evses: patch.evses ?? held.evses } as OcpiLocation;
  }
  const evses = [...(held.evses ?? [])];
  const index = evses.findIndex((evse) => evse.uid === push.evseUid);
  let evse: OcpiEvse;
  if (push.connectorId === undefined) {
    if (push.method === 'PUT') {
      evse = parse(evseSchema, mendEvse(push.body, notes));
      if (evse.uid !== push.evseUid)
        throw new LocationRefusal('invalid', 'the EVSE does not match its URL');
      if (index >= 0 && !isNotOlder(evse.last_updated, evses[index]!.last_updated)) return undefined;
    } else {
      if (index < 0) throw new LocationRefusal('unknownLocation', `no EVSE ${push.evseUid}`);
      const patch = parse(evsePatch, push.body);
      if (!isNotOlder(patch.last_updated, evses[index]!.last_updated)) return undefined;
      evse = { ...evses[index]!, ...patch, connectors: patch.connectors ?? evses[index]!.connectors } as OcpiEvse;
    }
  } else {
    if (index < 0) throw new LocationRefusal('unknownLocation', `no EVSE ${push.evseUid}`);
    const held = evses[index]!;
    const connectors = [...held.connectors];
    const at = connectors.findIndex((c) => c.id === push.connectorId);
    let connector: OcpiConnector;
    if (push.method === 'PUT') {
      connector = parse(connectorSchema, push.body);
      if (connector.id !== push.connectorId)
        throw new LocationRefusal('invalid', 'the connector does not match its URL');
      if (at >= 0 && !isNotOlder(connector.last_updated, connectors[at]!.last_updated)) return undefined;
    } else {
      if (at < 0) throw new LocationRefusal('unknownLocation', `no connector ${push.connectorId}`);
      const patch = parse(connectorPatch, push.body);
      if (!isNotOlder(patch.last_updated, connectors[at]!.last_updated)) return undefined;
      connector = { ...connectors[at]!, ...patch } as OcpiConnector;
    }
    if (at >= 0) connectors[at] = connector;
    else connectors.push(connector);
    evse = { ...held, connectors, last_updated: later(held.last_updated, connector.last_updated) };
  }
  if (index >= 0) evses[index] = evse;
  else evses.push(evse);
  return { ...held, evses, last_updated: later(held.last_updated, evse.last_updated) };
}

/**
 * A PUT or PATCH of a Location, an EVSE or a connector (§8.2.2.2, §8.2.2.3), validated against
 * the object it names. A part of a Location we do not hold is refused (2003 unknown location).
 */
export async function receiveLocationPush(
  deps: RoamingDeps,
  partner: PartnerRow,
  push: LocationPush,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<LocationOutcome> {
  // What we mended of what the partner sent (received-location.ts), for the log.
  const notes: string[] = [];
  const mended = () => {
    for (const note of notes) log?.warn({ partner: partner.name, note }, 'roaming partner sent a location we mended');
  };
  if (!isPartnersParty(partner, push.countryCode, push.partyId))
    throw new LocationRefusal('notTheirs', `${push.countryCode}*${push.partyId} is not the partner's`);
  const key: LocationKey = {
    partnerId: partner.id,
    countryCode: push.countryCode.toUpperCase(),
    partyId: push.partyId.toUpperCase(),
    locationId: push.locationId,
  };
  if (push.method === 'PUT' && push.evseUid === undefined) {
    const location = parse(receivedLocation((note) => notes.push(note)), push.body);
    mended();
    if (
      location.id !== push.locationId ||
      location.country_code.toUpperCase() !== key.countryCode ||
      location.party_id.toUpperCase() !== key.partyId
    )
      throw new LocationRefusal('invalid', 'the Location does not match its URL');
    return storeLocation(deps, partner, location, now);
  }
  const stationId = await deps.db.transaction(async (tx) => {
    const station = await lockPartnerStation(tx, key);
    const held = station?.ocpiLocation as OcpiLocation | null | undefined;
    if (!station || !held) throw new LocationRefusal('unknownLocation', `no location ${push.locationId}`);
    const next = applyPush(held, push, notes);
    mended();
    if (!next) return undefined;
    const valid = parse(locationSchema, next);
    return writeLocation(tx, partner, key, station.id, valid, now);
  });
  if (!stationId) return 'unchanged';
  await deps.stationReadModel.refreshStation(stationId);
  return 'stored';
}
