import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { getStation, getStationGuest } from '@evcharge/api/stations/get-station';
import { stationDetailSchema, type StationDetail } from '@evcharge/api/stations/station-schemas';
import type { ErrorBody } from '@evcharge/domain/errors';
import { favouriteStations, stations, type Schedule } from '../../db/schema/stations';
import { createUser, signInAs, type TestUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { addStation, insertTestTariff, type InsertedStation } from '../../test/station-builders';

let server: TestServer;
let owner: TestUser;
let ownerToken: string;
let otherToken: string;
let station: InsertedStation;
let closed: InsertedStation;
let privateStation: InsertedStation;

const statusAt = new Date('2026-11-21T18:10:00.000Z');
const changesAt = new Date(Date.now() + 7 * 86_400_000);
const nightZone = {
  fromTime: '23:00',
  toTime: '07:00',
  perKwhMinor: 1200,
  perMinuteMinor: 0,
  parkingPerMinuteMinor: 0,
};
const neverOpen: Schedule = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server.db);
  ownerToken = await signInAs(server, owner);
  otherToken = await signInAs(server, await createUser(server.db));
  const tariffId = await insertTestTariff(
    server.db,
    {
      currency: 'kzt',
      perKwhMinor: 11_000,
      parkingPerMinuteMinor: 2000,
      freeIdleMinutes: 15,
      minimalCostMinor: 30_000,
    },
    [nightZone],
  );
  const nextTariffId = await insertTestTariff(server.db, { currency: 'kzt', perKwhMinor: 12_000 });
  station = await addStation(server, {
    lat: 43.238,
    lng: 76.8829,
    city: 'Almaty',
    country: 'kk',
    region: 'Almaty',
    utcOffsetMinutes: 300,
    tariffId,
    nextTariffId,
    tariffChangesAt: changesAt,
    supportsRfid: true,
    connectors: [
      { socketType: 'ccs2', powerKw: 150, amperage: 375, status: 'charging', statusAt },
      { socketType: 'type2', powerKw: 22, status: 'available', statusAt },
      { socketType: 'gbt-dc', powerKw: 60, status: 'parking', statusAt },
    ],
  });
  closed = await addStation(server, {
    lat: 43.3,
    lng: 76.9,
    schedule: neverOpen,
    workHours: 'closed',
  });
  privateStation = await addStation(server, {
    lat: 43.31,
    lng: 76.9,
    isPrivate: true,
    ownerUserId: owner.id,
  });
  await server.db.insert(favouriteStations).values({ userId: owner.id, stationId: station.id });
});
afterAll(async () => {
  await server?.close();
});

async function detail(guid: string, options: { token?: string; offset?: number } = {}) {
  const contract = options.token ? getStation : getStationGuest;
  return server.call<StationDetail & ErrorBody>(contract, {
    params: { guid },
    query: { offset: options.offset },
    token: options.token,
  });
}

describe('GET /api/v2/chargestation/:guid', () => {
  it('shows connectors with numbers, codes, QR codes and since when, in the client offset', async () => {
    const res = await detail(station.id, { offset: 300 });
    expect(res.status).toBe(200);
    const body = stationDetailSchema.parse(res.body);
    expect(body).toMatchObject({
      city: 'Almaty',
      region: 'Almaty',
      utcOffsetMinutes: 300,
      supportsRfid: true,
    });
    expect(body.connectors).toEqual([
      expect.objectContaining({
        number: 1,
        socketType: 'ccs2',
        currentType: 'DC',
        powerKw: 150,
        amperage: 375,
        chargeClass: 'fast',
        status: 'charging',
        statusCode: 4,
        statusSince: '2026-11-21T23:10:00+05:00',
        qrCode: `${station.code}-1`,
      }),
      expect.objectContaining({
        number: 2,
        socketType: 'type2',
        chargeClass: 'slow',
        status: 'available',
        statusCode: 1,
      }),
      // SPEC §4: parking is a state without a number.
      expect.objectContaining({ number: 3, status: 'parking', statusCode: null }),
    ]);
    expect(body).toMatchObject({
      label: 'works',
      availability: 'free',
      freeConnectors: 1,
      totalConnectors: 3,
      maxPowerKw: 150,
    });
  });

  it('answers times in UTC without an offset, and in a western offset', async () => {
    const utc = await detail(station.id);
    expect(utc.body.connectors[0]?.statusSince).toBe('2026-11-21T18:10:00+00:00');
    const west = await detail(station.id, { offset: -210 });
    expect(west.body.connectors[0]?.statusSince).toBe('2026-11-21T14:40:00-03:30');
  });

  it('shows the tariff with its zones, the parking grace and the coming tariff', async () => {
    const { body } = await detail(station.id, { offset: 300 });
    expect(body.tariff).toEqual({
      currency: 'kzt',
      startFeeMinor: 0,
      firstConsumptionFeeMinor: 0,
      reservationFeeMinor: 0,
      reservationPerMinuteMinor: 0,
      minimalCostMinor: 30_000,
      perKwhMinor: 11_000,
      perMinuteMinor: 0,
      parkingPerMinuteMinor: 2000,
      zones: [
        {
          from: '23:00',
          to: '07:00',
          perKwhMinor: 1200,
          perMinuteMinor: 0,
          parkingPerMinuteMinor: 0,
        },
      ],
    });
    expect(body.freeIdleMinutes).toBe(15);
    expect(body.nextTariff).toMatchObject({ currency: 'kzt', perKwhMinor: 12_000, zones: [] });
    expect(new Date(body.tariffChangesAt ?? '').getTime()).toBe(
      Math.floor(changesAt.getTime() / 1000) * 1000,
    );
    expect(body.tariffChangesAt).toMatch(/\+05:00$/);
  });

  it('takes the next tariff once its time has come', async () => {
    await server.db
      .update(stations)
      .set({ tariffChangesAt: new Date(Date.now() - 1000) })
      .where(eq(stations.id, station.id));
    const { body } = await detail(station.id);
    expect(body).toMatchObject({
      tariff: { perKwhMinor: 12_000 },
      nextTariff: null,
      tariffChangesAt: null,
    });
    await server.db
      .update(stations)
      .set({ tariffChangesAt: changesAt })
      .where(eq(stations.id, station.id));
  });

  it('says whether the station is open now from its schedule', async () => {
    expect((await detail(station.id)).body).toMatchObject({ isOpenNow: true, opensAt: null, workHours: '24/7' });
    expect((await detail(closed.id)).body).toMatchObject({ isOpenNow: false, opensAt: null, workHours: 'closed' });
  });

  it('marks favourites for the driver who liked the station only', async () => {
    expect((await detail(station.id, { token: ownerToken })).body.isFavourite).toBe(true);
    expect((await detail(station.id, { token: otherToken })).body.isFavourite).toBe(false);
    expect((await detail(station.id)).body.isFavourite).toBe(false);
  });

  it('shows a private station to its owner only', async () => {
    expect((await detail(privateStation.id, { token: ownerToken })).status).toBe(200);
    for (const token of [undefined, otherToken]) {
      const res = await detail(privateStation.id, { token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('STATION_NOT_FOUND');
    }
  });

  it('answers 404 for an unknown station and 400 for a malformed id or offset', async () => {
    const unknown = await detail('6f1c2b1e-1111-4222-8333-444455556666');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'STATION_NOT_FOUND']);
    const malformed = await detail('not-a-guid');
    expect([malformed.status, malformed.body.fields]).toEqual([
      400,
      [{ path: 'guid', rule: 'invalid' }],
    ]);
    const res = await server.fetch(`/api/v2/chargestation/${station.id}/guest?offset=abc`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toEqual([{ path: 'offset', rule: 'number' }]);
    const outOfRange = await detail(station.id, { offset: 15 * 60 });
    expect(outOfRange.status).toBe(400);
  });

  it('answers 401 on the signed-in path without a token', async () => {
    const res = await server.call<ErrorBody>(getStation, { params: { guid: station.id } });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/chargestation/find/qrCode/:code', () => {
  const qr = (code: string, token?: string) =>
    server.call<ErrorBody & { stationId: string; connectorId: string }>(findByQrCode, {
      params: { code },
      token,
    });

  // find-by-qr.ts: the station code (with or without its hyphen, any case), '-', the number.
  it.each([
    ['the printed code', (s: typeof station) => `${s.code}-2`],
    ['the code without its hyphen', (s: typeof station) => `${s.altName}-2`],
    ['the printed code in lower case', (s: typeof station) => `${s.code.toLowerCase()}-2`],
    ['the code without hyphen in lower case', (s: typeof station) => `${s.altName.toLowerCase()}-2`],
  ])('finds the station and connector of %s', async (_name, codeOf) => {
    const res = await qr(codeOf(station));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stationId: station.id,
      connectorId: station.connectorIds[1],
      connectorNumber: 2,
    });
  });

  it('prints on each connector the code its QR carries, and that code finds it', async () => {
    const { body } = await detail(station.id);
    expect(body.connectors.map((c) => c.qrCode)).toEqual([1, 2, 3].map((n) => `${station.code}-${n}`));
    const res = await qr(body.connectors[1]!.qrCode);
    expect(res.body).toMatchObject({ stationId: station.id, connectorNumber: 2 });
  });

  it.each([
    'MOW00042',
    'MOW00042-',
    '-2',
    'MOW00042-0',
    'MOW 42-1',
    'MOW--00042-1',
    'MOW-000-42-1',
    'MOW00042-1000',
    `${'A'.repeat(21)}-1`,
    '%00-1',
  ])('answers INCORRECT_QR for %j', async (code) => {
    const res = await qr(code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INCORRECT_QR', message: 'Incorrect QR code' });
  });

  it('answers STATION_NOT_FOUND for an unknown station or connector', async () => {
    for (const code of ['ZZZ99999-1', 'ZZZ-99999-1', `${station.altName}-9`, `${station.altName}-1-2`]) {
      const res = await qr(code);
      expect([res.status, res.body.code]).toEqual([404, 'STATION_NOT_FOUND']);
    }
  });

  it("finds a private station's connector for its owner only", async () => {
    const code = `${privateStation.altName}-1`;
    expect((await qr(code)).status).toBe(404);
    expect((await qr(code, otherToken)).status).toBe(404);
    expect((await qr(code, ownerToken)).body.stationId).toBe(privateStation.id);
  });
});
