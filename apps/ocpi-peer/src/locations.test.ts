import { afterEach, describe, expect, it } from 'vitest';
import {
  connector,
  evse,
  location,
  nextLinkOf,
  ocpiDateTime,
  tariff,
} from '@evcharge/api/ocpi/types';
import { fixtureDay, fixtureLocations, fixtureTariffs } from './fixtures';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function registered() {
  rig = await startRig();
  const theirs = await rig.other.registerWith(
    rig.peer.versionsUrl,
    rig.peer.config.registrationToken,
  );
  return { rig, token: theirs.token };
}

/** Follows Link rel="next" from the first page to the last (OCPI 2.2.1 §4.1.3). */
async function crawl(firstUrl: string, token: string) {
  const pages: Array<{ ids: string[]; total: string | null; limit: string | null; next?: string }> =
    [];
  let url: string | undefined = firstUrl;
  while (url) {
    const answer = await ocpiRequest('GET', url, token);
    expect(answer.status).toBe(200);
    const next = nextLinkOf(answer.headers.get('link') ?? undefined);
    pages.push({
      ids: (answer.json.data as Array<{ id: string }>).map((l) => l.id),
      total: answer.headers.get('x-total-count'),
      limit: answer.headers.get('x-limit'),
      ...(next ? { next } : {}),
    });
    url = next;
  }
  return pages;
}

describe('NordCharge’s fixtures', () => {
  it('are valid OCPI 2.2.1 objects in Helsinki and Tallinn whose connectors name existing tariffs', () => {
    const party = { countryCode: 'FI', partyId: 'NCH' };
    const locations = fixtureLocations(party, 'NordCharge').map((l) => location.parse(l));
    const tariffs = fixtureTariffs(party).map((t) => tariff.parse(t));
    expect(locations).toHaveLength(12);
    expect(new Set(locations.map((l) => `${l.city} ${l.country} ${l.time_zone}`))).toEqual(
      new Set(['Helsinki FIN Europe/Helsinki', 'Tallinn EST Europe/Tallinn']),
    );
    expect(locations.filter((l) => !l.opening_times?.twentyfourseven)).toHaveLength(2);
    const tariffIds = new Set(tariffs.map((t) => t.id));
    const connectors = locations.flatMap((l) => l.evses ?? []).flatMap((e) => e.connectors);
    expect(connectors.every((c) => c.tariff_ids?.every((id) => tariffIds.has(id)))).toBe(true);
    expect(new Set(connectors.map((c) => c.standard))).toEqual(
      new Set(['IEC_62196_T2', 'IEC_62196_T2_COMBO', 'CHADEMO']),
    );
    expect(tariffs.every((t) => t.currency === 'EUR')).toBe(true);
    // §8.4.12 Facility, §8.4.17 ParkingType, §8.4.3 Capability: closed lists in the standard.
    const facilities = [
      'HOTEL',
      'RESTAURANT',
      'CAFE',
      'MALL',
      'SUPERMARKET',
      'SPORT',
      'RECREATION_AREA',
      'NATURE',
      'MUSEUM',
      'BIKE_SHARING',
      'BUS_STOP',
      'TAXI_STAND',
      'TRAM_STOP',
      'METRO_STATION',
      'TRAIN_STATION',
      'AIRPORT',
      'PARKING_LOT',
      'CARPOOL_PARKING',
      'FUEL_STATION',
      'WIFI',
    ];
    const parkingTypes = [
      'ALONG_MOTORWAY',
      'PARKING_GARAGE',
      'PARKING_LOT',
      'ON_DRIVEWAY',
      'ON_STREET',
      'UNDERGROUND_GARAGE',
    ];
    const capabilities = [
      'CHARGING_PROFILE_CAPABLE',
      'CHARGING_PREFERENCES_CAPABLE',
      'CHIP_CARD_SUPPORT',
      'CONTACTLESS_CARD_SUPPORT',
      'CREDIT_CARD_PAYABLE',
      'DEBIT_CARD_PAYABLE',
      'PED_TERMINAL',
      'REMOTE_START_STOP_CAPABLE',
      'RESERVABLE',
      'RFID_READER',
      'START_SESSION_CONNECTOR_REQUIRED',
      'TOKEN_GROUP_CAPABLE',
      'UNLOCK_CAPABLE',
    ];
    expect(
      locations.flatMap((l) => l.facilities ?? []).filter((f) => !facilities.includes(f)),
    ).toEqual([]);
    expect(locations.map((l) => l.parking_type).filter((p) => !parkingTypes.includes(p!))).toEqual(
      [],
    );
    expect(
      locations
        .flatMap((l) => l.evses ?? [])
        .flatMap((e) => e.capabilities ?? [])
        .filter((c) => !capabilities.includes(c)),
    ).toEqual([]);
    expect(fixtureLocations(party, 'NordCharge')).toEqual(fixtureLocations(party, 'NordCharge'));
  });
});

describe('Locations and Tariffs SENDER (§8.2.1, §11.2.1)', () => {
  it('pages the locations ten at a time with Link, X-Total-Count and X-Limit', async () => {
    const { rig, token } = await registered();
    const pages = await crawl(`${rig.peer.url}/ocpi/cpo/2.2.1/locations?limit=50`, token);
    expect(pages.map((p) => p.ids.length)).toEqual([10, 2]);
    expect(pages.map((p) => [p.total, p.limit])).toEqual([
      ['12', '10'],
      ['12', '10'],
    ]);
    expect(pages[0]!.next).toBe(`${rig.peer.url}/ocpi/cpo/2.2.1/locations?offset=10&limit=10`);
    expect(new Set(pages.flatMap((p) => p.ids)).size).toBe(12);
  });

  it('keeps date_from and date_to in the next link and selects by last_updated', async () => {
    const { rig, token } = await registered();
    const from = ocpiDateTime(fixtureDay(4));
    const to = ocpiDateTime(fixtureDay(11));
    const pages = await crawl(
      `${rig.peer.url}/ocpi/cpo/2.2.1/locations?date_from=${from}&date_to=${to}&limit=3`,
      token,
    );
    expect(pages.map((p) => p.ids.length)).toEqual([3, 3, 1]);
    expect(pages[0]!.total).toBe('7');
    expect(new URL(pages[0]!.next!).searchParams.get('date_from')).toBe(from);
    expect(new URL(pages[0]!.next!).searchParams.get('date_to')).toBe(to);
    expect(pages.flatMap((p) => p.ids)).toEqual([
      'NCH-HEL-005',
      'NCH-HEL-006',
      'NCH-HEL-007',
      'NCH-TLL-001',
      'NCH-TLL-002',
      'NCH-TLL-003',
      'NCH-TLL-004',
    ]);
  });

  it('finds a changed EVSE’s location with date_from after the change', async () => {
    const { rig, token } = await registered();
    rig.clock.advance(60_000);
    await rig.peer.setEvseStatus('NCH-HEL-002', 'NCH-HEL-002-1', 'CHARGING');
    const since = ocpiDateTime(rig.clock.now);
    const answer = await ocpiRequest(
      'GET',
      `${rig.peer.url}/ocpi/cpo/2.2.1/locations?date_from=${since}`,
      token,
    );
    expect((answer.json.data as Array<{ id: string }>).map((l) => l.id)).toEqual(['NCH-HEL-002']);
  });

  it('answers one location, EVSE or connector by its ids, and 2003 for an unknown one', async () => {
    const { rig, token } = await registered();
    const base = `${rig.peer.url}/ocpi/cpo/2.2.1/locations`;
    const one = await ocpiRequest('GET', `${base}/NCH-TLL-002`, token);
    expect(location.parse(one.json.data)).toMatchObject({
      id: 'NCH-TLL-002',
      city: 'Tallinn',
      country: 'EST',
    });
    const oneEvse = await ocpiRequest('GET', `${base}/NCH-TLL-002/NCH-TLL-002-1`, token);
    expect(evse.parse(oneEvse.json.data).connectors[0]!.max_electric_power).toBe(150_000);
    const oneConnector = await ocpiRequest('GET', `${base}/NCH-HEL-001/NCH-HEL-001-4/2`, token);
    expect(connector.parse(oneConnector.json.data).standard).toBe('CHADEMO');
    const unknown = await ocpiRequest('GET', `${base}/NCH-XXX-404`, token);
    expect([unknown.status, unknown.json.status_code]).toEqual([404, 2003]);
    const unknownEvse = await ocpiRequest('GET', `${base}/NCH-HEL-001/nope`, token);
    expect([unknownEvse.status, unknownEvse.json.status_code]).toEqual([404, 2003]);
  });

  it('lists the four EUR tariffs', async () => {
    const { rig, token } = await registered();
    const answer = await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`, token);
    expect((answer.json.data as Array<{ id: string }>).map((t) => t.id)).toEqual([
      'NCH-AC-STD',
      'NCH-AC-PARK',
      'NCH-AC-TOD',
      'NCH-DC-FAST',
    ]);
    expect(answer.headers.get('x-total-count')).toBe('4');
    expect(answer.headers.get('link')).toBeNull();
  });
});
