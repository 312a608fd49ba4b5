import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { likeStation, listLikedStations } from '@evcharge/api/favourites/favourite-stations';
import {
  getSharingSchedule,
  saveSharingSchedule,
  type SharingSchedule,
} from '@evcharge/api/private-stations/private-stations';
import { createReserve } from '@evcharge/api/reserves/reserves';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { getStation, getStationGuest } from '@evcharge/api/stations/get-station';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import { mapPoints } from '@evcharge/api/stations/map-points';
import { rfidTags } from '../../db/schema/driver';
import { ownElectricityTariffIds, stations } from '../../db/schema/stations';
import { driver, start } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import {
  noPrices,
  ownedStation,
  share,
  sharedAlways,
  sharedButNotToday,
  type UnclaimedStation,
} from '../../test/private-stations';
import { sessionOf, testCar } from '../../test/sessions';
import { socketTypeIds } from '@evcharge/domain/socket-type';

// SPEC §2 schedule of a private station: others see it and may charge on it only while its
// owner shares it (weekly hours, not a date off); its owner always. One rule
// (domain/private-station.ts) for the list, the map, the station page, the QR code,
// favourites, a start from the app, the plan, a reservation and an RFID tag at the charge point.

const server = withTestServer();
withSimStations(server, { ledger: true });

const near = (station: UnclaimedStation) => ({
  connectorTypes: [...socketTypeIds],
  near: { lat: station.chargePoint.station.lat, lng: station.chargePoint.station.lng, radiusKm: 1 },
  pageSize: 50,
});

/** Where `token` (a visitor without one) may find the station, way by way. */
async function seenBy(station: UnclaimedStation, token?: string) {
  const body = near(station);
  const list = await server.call<{ items: { id: string }[] }>(token ? listStations : listStationsGuest, {
    token,
    body,
  });
  const { pageSize: _pageSize, ...filter } = body;
  const map = token
    ? await server.call<{ ids: string[] }>(mapPoints, { token, body: filter })
    : undefined;
  const detail = await server.call(token ? getStation : getStationGuest, {
    token,
    params: { guid: station.id },
  });
  const qr = await server.call(findByQrCode, { token, params: { code: `${station.code}-1` } });
  return {
    list: list.body.items.some((item) => item.id === station.id),
    map: map?.body.ids.includes(station.id),
    detail: detail.status,
    qr: qr.status,
  };
}

async function tagOf(userId: string) {
  const uid = `CARD-${randomBytes(4).toString('hex')}`;
  await server.db.insert(rfidTags).values({ userId, uid });
  return uid;
}

const authorize = async (station: UnclaimedStation, idTag: string) =>
  (
    (await station.sim.call('Authorize', { idTag })) as { idTagInfo: { status: string } }
  ).idTagInfo.status;

describe('who sees a private station', () => {
  it('only its owner until shared; others while shared; hidden again on a date off', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server);
    const station = await ownedStation(server, owner);

    expect(await seenBy(station, owner.token)).toEqual({ list: true, map: true, detail: 200, qr: 200 });
    expect(await seenBy(station, other.token)).toEqual({ list: false, map: false, detail: 404, qr: 404 });
    expect(await seenBy(station)).toMatchObject({ list: false, detail: 404, qr: 404 });

    // Shared round the clock: the map shows it to everyone at once.
    await share(server, owner, station.id, sharedAlways());
    expect(await seenBy(station, other.token)).toEqual({ list: true, map: true, detail: 200, qr: 200 });
    expect(await seenBy(station)).toMatchObject({ list: true, detail: 200, qr: 200 });
    const detail = await server.call<{ schedule: unknown; workHours: string; isOpenNow: boolean; tariff: { perKwhMinor: number } }>(getStation, {
      token: other.token,
      params: { guid: station.id },
    });
    // Its hours are the owner's sharing hours, its price the owner's price.
    expect(detail.body).toMatchObject({ workHours: '24/7', isOpenNow: true, tariff: { perKwhMinor: 1500 } });

    const liked = await server.call(likeStation, { token: other.token, params: { id: station.id } });
    expect(liked.status).toBe(200);

    // Today a date off: gone for others, the owner's as ever.
    await share(server, owner, station.id, sharedButNotToday());
    expect(await seenBy(station, other.token)).toEqual({ list: false, map: false, detail: 404, qr: 404 });
    expect(await seenBy(station, owner.token)).toEqual({ list: true, map: true, detail: 200, qr: 200 });
    const likes = await server.call<{ items: { id: string }[] }>(listLikedStations, { token: other.token });
    expect(likes.body.items.map((i) => i.id)).not.toContain(station.id);
    const likeAgain = await server.call(likeStation, { token: other.token, params: { id: station.id } });
    expect(likeAgain.status).toBe(404);

    // Switched off: the same.
    await share(server, owner, station.id, { ...sharedAlways(), isShared: false });
    expect(await seenBy(station, other.token)).toEqual({ list: false, map: false, detail: 404, qr: 404 });
  });

  it('the map follows the shared hours as they open and close (the read model’s clock)', async () => {
    // A Monday 09:59 UTC, on the read model's simulated clock.
    let now = new Date('2030-01-07T09:59:00Z');
    const { startTestServer } = await import('../../test/harness');
    const own = await startTestServer({ now: () => now });
    try {
      const { signedInUser } = await import('../../test/builders');
      const { unclaimedStation, claim } = await import('../../test/private-stations');
      const owner = await signedInUser(own);
      const station = await unclaimedStation(own);
      expect((await claim(own, owner, station)).status).toBe(200);
      const mondayTen = { ...sharedAlways(), weekly: { ...sharedAlways().weekly, mo: [{ from: '10:00', to: '11:00' }] } };
      const saved = await share(own, owner, station.id, mondayTen);
      expect(saved).toMatchObject({ isSharedNow: false, nextChangeAt: '2030-01-07T10:00:00.000Z' });
      const listed = async () =>
        (
          await own.call<{ items: { id: string }[] }>(listStationsGuest, { body: near(station) })
        ).body.items.some((i) => i.id === station.id);
      expect(await listed()).toBe(false);
      expect(own.app.stationReadModel.nextSharingCheckAt()?.toISOString()).toBe('2030-01-07T10:00:00.000Z');
      now = new Date('2030-01-07T10:00:00Z');
      own.app.stationReadModel.recheckSharing();
      expect(await listed()).toBe(true);
      expect(own.app.stationReadModel.nextSharingCheckAt()?.toISOString()).toBe('2030-01-07T11:00:00.000Z');
      now = new Date('2030-01-07T11:00:00Z');
      own.app.stationReadModel.recheckSharing();
      expect(await listed()).toBe(false);
      // Closed until Tuesday 00:00 (the rest of the week is shared round the clock): the model
      // looks again at the latest six hours on.
      expect(own.app.stationReadModel.nextSharingCheckAt()?.toISOString()).toBe('2030-01-07T17:00:00.000Z');
      now = new Date('2030-01-07T17:00:00Z');
      own.app.stationReadModel.recheckSharing();
      expect(await listed()).toBe(false);
      expect(own.app.stationReadModel.nextSharingCheckAt()?.toISOString()).toBe('2030-01-07T23:00:00.000Z');
      now = new Date('2030-01-07T23:00:00Z');
      own.app.stationReadModel.recheckSharing();
      expect(own.app.stationReadModel.nextSharingCheckAt()?.toISOString()).toBe('2030-01-08T00:00:00.000Z');
      now = new Date('2030-01-08T00:00:00Z');
      own.app.stationReadModel.recheckSharing();
      expect(await listed()).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('who may charge on a private station, and when', () => {
  it('others from the app and the plan only while shared; the owner always, for nothing', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server);
    const station = await ownedStation(server, owner);
    const [first, second] = station.connectorIds as [string, string];
    station.sim.plug(1, testCar);
    station.sim.plug(2, testCar);
    await station.sim.flush();

    // Not shared: another driver's start and plan find no station, nothing is stored.
    const refused = await start(server, other, { connectorId: first });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'STATION_NOT_FOUND' });
    const plan = await server.call(planCharge, {
      token: other.token,
      body: { connectorId: first, limit: { mode: 'none' } },
    });
    expect(plan.status).toBe(404);
    const reserve = await server.call(createReserve, {
      token: other.token,
      body: { connectorId: first, mode: 'quick' },
    });
    expect(reserve.status).toBe(404);

    // The owner, with an empty balance: their own electricity costs nothing.
    const ownPlan = await server.call<{ canStart: boolean; costMinor: number | null }>(planCharge, {
      token: owner.token,
      body: { connectorId: second, limit: { mode: 'energy', value: 5000 } },
    });
    expect(ownPlan.body).toMatchObject({ canStart: true, costMinor: 0 });
    const own = await start(server, owner, { connectorId: second });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await sessionOf(server, own.body.transactionId)).toMatchObject({
      tariffId: ownElectricityTariffIds.rub,
      stationOwnerId: null,
      fundsCapMinor: null,
    });

    // Shared: another driver starts at the owner's price, and the owner will earn it.
    await share(server, owner, station.id, sharedAlways({ perKwhMinor: 2000 }));
    const [row] = await server.db.select().from(stations).where(eq(stations.id, station.id));
    const theirs = await start(server, other, { connectorId: first });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(await sessionOf(server, theirs.body.transactionId)).toMatchObject({
      tariffId: row!.tariffId,
      stationOwnerId: owner.id,
      paymentMethod: 'balance',
    });
  });

  it('an RFID tag at the charge point: others only while shared, the owner always', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server);
    const station = await ownedStation(server, owner);
    const ownersTag = await tagOf(owner.id);
    const othersTag = await tagOf(other.id);

    expect(await authorize(station, othersTag)).toBe('Invalid');
    expect(await authorize(station, ownersTag)).toBe('Accepted');
    await share(server, owner, station.id, sharedAlways());
    expect(await authorize(station, othersTag)).toBe('Accepted');
    await share(server, owner, station.id, sharedButNotToday());
    expect(await authorize(station, othersTag)).toBe('Invalid');
    // StartTransaction itself, as a charge point without Authorize sends it: refused, nothing stored.
    const answer = (await station.sim.call('StartTransaction', {
      connectorId: 1,
      idTag: othersTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(answer).toEqual({ transactionId: 0, idTagInfo: { status: 'Invalid' } });
    expect(await authorize(station, ownersTag)).toBe('Accepted');
  });
});

describe('the owner’s schedule', () => {
  it('answers its terms, the brand’s limits and fee, and refuses bad input without a change', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server);
    const station = await ownedStation(server, owner);
    const got = await server.call<SharingSchedule>(getSharingSchedule, {
      token: owner.token,
      params: { id: station.id },
    });
    expect(got.body).toMatchObject({
      isShared: false,
      datesOff: [],
      prices: noPrices,
      currency: 'rub',
      limits: { maxPerKwhMinor: 3000, maxPerMinuteMinor: 500, maxParkingPerMinuteMinor: 1000 },
      platformFeePercent: 15,
      isSharedNow: false,
      nextChangeAt: null,
    });
    expect(
      (await server.call(getSharingSchedule, { token: other.token, params: { id: station.id } })).status,
    ).toBe(404);
    expect(
      (await server.call(saveSharingSchedule, { token: other.token, params: { id: station.id }, body: sharedAlways() }))
        .status,
    ).toBe(404);

    const bad = (body: unknown) =>
      server.call<{ code: string; fields: { path: string; rule: string }[] }>(saveSharingSchedule, {
        token: owner.token,
        params: { id: station.id },
        body,
      });
    const base = sharedAlways();
    const cases: [unknown, { path: string; rule: string }][] = [
      [{ ...base, weekly: { ...base.weekly, mo: [{ from: '9:00', to: '18:00' }] } }, { path: 'weekly.mo.0.from', rule: 'timeFormat' }],
      [{ ...base, weekly: { ...base.weekly, tu: [{ from: '18:00', to: '09:00' }] } }, { path: 'weekly.tu.0.to', rule: 'periodOrder' }],
      [{ ...base, datesOff: ['2026-02-30'] }, { path: 'datesOff.0', rule: 'dateFormat' }],
      [{ ...base, prices: { ...base.prices, perKwhMinor: 3001 } }, { path: 'prices.perKwhMinor', rule: 'priceLimit' }],
      [{ ...base, prices: { ...base.prices, parkingPerMinuteMinor: 1001 } }, { path: 'prices.parkingPerMinuteMinor', rule: 'priceLimit' }],
    ];
    for (const [body, field] of cases) {
      const answer = await bad(body);
      expect(answer.status, JSON.stringify(field)).toBe(400);
      expect(answer.body.fields).toContainEqual(field);
    }
    const after = await server.call<SharingSchedule>(getSharingSchedule, {
      token: owner.token,
      params: { id: station.id },
    });
    expect(after.body).toEqual(got.body);

    // At the limits exactly, dates off sorted and once each.
    const saved = await share(server, owner, station.id, {
      ...base,
      datesOff: ['2031-05-02', '2031-05-01', '2031-05-02'],
      prices: { perKwhMinor: 3000, perMinuteMinor: 500, parkingPerMinuteMinor: 1000 },
    });
    expect(saved).toMatchObject({
      isShared: true,
      isSharedNow: true,
      datesOff: ['2031-05-01', '2031-05-02'],
      prices: { perKwhMinor: 3000, perMinuteMinor: 500, parkingPerMinuteMinor: 1000 },
    });
  });
});
