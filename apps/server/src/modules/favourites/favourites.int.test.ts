import { describe, expect, it } from 'vitest';
import {
  checkLikedStation,
  likeStation,
  listLikedStations,
  unlikeStation,
} from '@evcharge/api/favourites/favourite-stations';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { createUser, signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { addStation } from '../../test/station-builders';

// Favourites (SPEC §7 /likedstations): like, check, list with live status, unlike; another driver's likes and
// private stations stay out of reach.

const server = withTestServer();

const driver = () => signedInUser(server);

const place = () => ({ lat: -50 + Math.random() * 100, lng: -150 + Math.random() * 300 });

describe('favourite stations', () => {
  it('likes a station, lists it with its live status, checks and unlikes it', async () => {
    const who = await driver();
    const first = await addStation(server, { ...place(), connectors: [{}] });
    const second = await addStation(server, { ...place(), connectors: [{}] });
    for (const station of [first, second]) {
      const liked = await server.call(likeStation, {
        token: who.token,
        params: { id: station.id },
      });
      expect(liked.status).toBe(200);
    }
    // Again is fine and changes nothing.
    expect(
      (await server.call(likeStation, { token: who.token, params: { id: first.id } })).status,
    ).toBe(200);

    const list = await server.call<{ items: StationSummary[] }>(listLikedStations, {
      token: who.token,
    });
    expect(list.body.items.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect(list.body.items.find((s) => s.id === first.id)?.availability).toBe('free');

    // The connector gets busy: the favourites show it at once, as the map does.
    server.app.stationReadModel.setConnectorStatus({
      stationId: first.id,
      connectorId: first.connectorIds[0]!,
      status: 'charging',
      at: new Date(),
    });
    const busy = await server.call<{ items: StationSummary[] }>(listLikedStations, {
      token: who.token,
    });
    expect(busy.body.items.find((s) => s.id === first.id)?.availability).toBe('busy');

    const check = (id: string) =>
      server.call<{ isLiked: boolean }>(checkLikedStation, { token: who.token, params: { id } });
    expect((await check(first.id)).body).toEqual({ isLiked: true });
    expect(
      (await server.call(unlikeStation, { token: who.token, params: { id: first.id } })).status,
    ).toBe(200);
    expect((await check(first.id)).body).toEqual({ isLiked: false });
    expect(
      (await server.call(unlikeStation, { token: who.token, params: { id: first.id } })).status,
    ).toBe(404);
  });

  it('keeps likes their owner’s, and a private station its owner’s to like', async () => {
    const who = await driver();
    const stranger = await driver();
    const station = await addStation(server, { ...place(), connectors: [{}] });
    await server.call(likeStation, { token: who.token, params: { id: station.id } });
    expect(
      (await server.call<{ items: unknown[] }>(listLikedStations, { token: stranger.token })).body
        .items,
    ).toEqual([]);
    expect(
      (await server.call(unlikeStation, { token: stranger.token, params: { id: station.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call<{ isLiked: boolean }>(checkLikedStation, {
          token: who.token,
          params: { id: station.id },
        })
      ).body,
    ).toEqual({ isLiked: true });

    const owner = await createUser(server.db);
    const privateStation = await addStation(server, {
      ...place(),
      connectors: [{}],
      isPrivate: true,
      ownerUserId: owner.id,
    });
    const refused = await server.call(likeStation, {
      token: who.token,
      params: { id: privateStation.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'STATION_NOT_FOUND' });
    const missing = await server.call(likeStation, {
      token: who.token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect((await server.fetch(`/api/likedstations`)).status).toBe(401);
  });
});
