import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapPoints, mapPointsGuest } from '@evcharge/api/stations/map-points';
import { stationPointsSchema } from '@evcharge/api/stations/station-schemas';
import { allTypes, area, centre, openStreet, type Street } from './street-fixture';

let street: Street;
beforeAll(async () => {
  street = await openStreet();
});
afterAll(async () => {
  await street?.server.close();
});

describe('map points', () => {
  it.each([
    ['in a viewport', { bounds: area }],
    ['around a point', { near: { ...centre, radiusKm: 6 }, onlyAvailable: true }],
    ['everywhere', {}],
  ])('hold the same stations as the list %s', async (_name, extra) => {
    const filter = { connectorTypes: allTypes, ...extra };
    for (const token of [undefined, street.ownerToken]) {
      const page = await street.list({ ...filter, pageSize: 200 }, token);
      const res = await street.server.call(token ? mapPoints : mapPointsGuest, {
        body: filter,
        token,
      });
      expect(res.status).toBe(200);
      const points = stationPointsSchema.parse(res.body);
      const n = points.ids.length;
      for (const array of [
        points.lat,
        points.lng,
        points.availability,
        points.chargeClass,
        points.maxPowerKw,
      ]) {
        expect(array).toHaveLength(n);
      }
      expect([...points.ids].sort()).toEqual(page.items.map((i) => i.id).sort());
      for (const item of page.items) {
        const k = points.ids.indexOf(item.id);
        expect([points.lat[k], points.lng[k], points.maxPowerKw[k]]).toEqual([
          item.lat,
          item.lng,
          item.maxPowerKw,
        ]);
        expect(points.availability[k]).toBe(['free', 'busy', 'offline'].indexOf(item.availability));
        expect(points.chargeClass[k]).toBe(['slow', 'normal', 'fast'].indexOf(item.chargeClass));
      }
    }
  });

  it('say why they are empty', async () => {
    const res = await street.server.call(mapPointsGuest, {
      body: { connectorTypes: ['gbt-ac'], bounds: area },
    });
    expect(stationPointsSchema.parse(res.body)).toMatchObject({
      ids: [],
      emptyReason: 'NO_MATCHING_PORTS',
    });
  });
});

describe('list items', () => {
  it('carry the station facts of the domain', async () => {
    const page = await street.list({ connectorTypes: allTypes, bounds: area });
    const s5 = page.items.find((i) => i.id === street.ids.s5);
    expect(s5).toMatchObject({
      availability: 'busy',
      label: 'works',
      chargeClass: 'fast',
      maxPowerKw: 350,
      freeConnectors: 0,
      totalConnectors: 2,
      connectors: [
        { socketType: 'type2', currentType: 'AC', powerKw: 7.4, status: 'faulted' },
        { socketType: 'ccs2', currentType: 'DC', powerKw: 350, status: 'charging' },
      ],
    });
    expect(page.items.find((i) => i.id === street.ids.s1)).toMatchObject({
      availability: 'free',
      chargeClass: 'slow',
    });
  });
});
