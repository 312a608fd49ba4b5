import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  claimPrivateStation,
  listPrivateStations,
  releasePrivateStation,
  type PrivateStation,
} from '@evcharge/api/private-stations/private-stations';
import { getStation } from '@evcharge/api/stations/get-station';
import {
  CLAIM_WRONG_TRIES_PER_CODE_HOUR,
  CLAIM_WRONG_TRIES_PER_USER_HOUR,
} from '@evcharge/domain/private-station';
import { privateStationClaimTries, privateStations } from '../../db/schema/private-stations';
import { stations } from '../../db/schema/stations';
import { signedInUser } from '../../test/builders';
import { changeWatch } from '../../test/db-fingerprint';
import { driver, start } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { claim, ownedStation, unclaimedStation } from '../../test/private-stations';
import { testCar } from '../../test/sessions';

// SPEC §1, §6 station owner: a driver adds a private station by its code and the secret printed
// beside it; each refusal has its own code, guessing is limited in the database, and releasing
// makes it wait for its code again.

const server = withTestServer();
withSimStations(server, { ledger: false });

type Claimed = { status: number; body: PrivateStation & { code: string; details?: Record<string, number> } };

const claimWith = (token: string, code: string, secret: string) =>
  server.call(claimPrivateStation, { token, body: { code, secret } }) as Promise<Claimed>;

const triesOf = async (scope: 'user' | 'code', key: string) =>
  (
    await server.db
      .select()
      .from(privateStationClaimTries)
      .where(and(eq(privateStationClaimTries.scope, scope), eq(privateStationClaimTries.key, key)))
  )[0]?.count;

const ownerOf = async (stationId: string) =>
  (await server.db.select().from(stations).where(eq(stations.id, stationId)))[0]?.ownerUserId;

describe('adding a private station by its code', () => {
  it('makes the driver its owner, in any case and without hyphens, and lists it', async () => {
    const owner = await signedInUser(server);
    const unclaimed = await unclaimedStation(server);
    const code = unclaimed.code.toLowerCase().replaceAll('-', '');
    const added = await claimWith(owner.token, ` ${code} `, unclaimed.secret);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      id: unclaimed.id,
      code: unclaimed.code,
      isOnline: true,
      isShared: false,
      isSharedNow: false,
      sessions: [],
      earned: [],
    });
    expect(added.body.connectors.map((c) => c.status)).toEqual(['available', 'available']);
    expect(await ownerOf(unclaimed.id)).toBe(owner.id);
    const list = await server.call<{ items: PrivateStation[] }>(listPrivateStations, {
      token: owner.token,
    });
    expect(list.body.items.map((s) => s.id)).toEqual([unclaimed.id]);
    // Adding it again is no error for its owner.
    expect((await claimWith(owner.token, unclaimed.code, unclaimed.secret)).status).toBe(200);
  });

  it('refuses an unknown code, a wrong secret and a station someone owns, each by its code', async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const unclaimed = await unclaimedStation(server);
    expect((await claim(server, owner, unclaimed)).status).toBe(200);
    const watch = changeWatch(server.db);

    await watch.before();
    const unknown = await claimWith(other.token, 'NOPE-00000', unclaimed.secret);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'PRIVATE_STATION_UNKNOWN' });
    // Nothing changes but the count of wrong tries (db-fingerprint.ts names it).
    expect(await watch.changedTables()).toEqual([]);
    expect(await triesOf('user', other.id)).toBe(1);

    await watch.before();
    const wrong = await claimWith(other.token, unclaimed.code, 'not-the-secret');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'PRIVATE_STATION_WRONG_SECRET',
      details: { triesLeft: CLAIM_WRONG_TRIES_PER_USER_HOUR - 2 },
    });
    expect(await watch.changedTables()).toEqual([]);
    expect(await triesOf('user', other.id)).toBe(2);
    expect(await triesOf('code', unclaimed.code)).toBe(1);

    await watch.before();
    const taken = await claimWith(other.token, unclaimed.code, unclaimed.secret);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'PRIVATE_STATION_CLAIMED' });
    // A right secret is no guess: its try is given back.
    expect(await watch.changedTables()).toEqual([]);
    expect(await triesOf('user', other.id)).toBe(2);
    expect(await triesOf('code', unclaimed.code)).toBe(1);
    expect(await ownerOf(unclaimed.id)).toBe(owner.id);

    // A public station has no code to add.
    const publicOne = await unclaimedStation(server);
    await server.db.update(stations).set({ isPrivate: false }).where(eq(stations.id, publicOne.id));
    expect((await claim(server, other, publicOne)).body).toMatchObject({ code: 'PRIVATE_STATION_UNKNOWN' });
  });

  it(`gives a driver ${CLAIM_WRONG_TRIES_PER_USER_HOUR} wrong tries an hour, even for the right secret after them`, async () => {
    const guesser = await signedInUser(server);
    const unclaimed = await unclaimedStation(server);
    for (let i = 1; i <= CLAIM_WRONG_TRIES_PER_USER_HOUR; i++) {
      const wrong = await claimWith(guesser.token, unclaimed.code, `guess-${i}`);
      expect(wrong.body).toMatchObject({
        code: 'PRIVATE_STATION_WRONG_SECRET',
        details: { triesLeft: CLAIM_WRONG_TRIES_PER_USER_HOUR - i },
      });
    }
    const watch = changeWatch(server.db);
    await watch.before();
    const limited = await claimWith(guesser.token, unclaimed.code, unclaimed.secret);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limited.body.details?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await watch.changedTables()).toEqual([]);
    expect(await ownerOf(unclaimed.id)).toBeNull();
    // Another driver still may: the code took fewer wrong tries than its own limit.
    const other = await signedInUser(server);
    expect((await claim(server, other, unclaimed)).status).toBe(200);
  });

  it(`gives a code ${CLAIM_WRONG_TRIES_PER_CODE_HOUR} wrong secrets an hour, whoever tries`, async () => {
    const unclaimed = await unclaimedStation(server);
    for (let i = 0; i < CLAIM_WRONG_TRIES_PER_CODE_HOUR; i++) {
      const guesser = await signedInUser(server);
      expect((await claimWith(guesser.token, unclaimed.code, 'wrong')).status).toBe(403);
    }
    const rightful = await signedInUser(server);
    expect((await claim(server, rightful, unclaimed)).status).toBe(429);
    // The window ends an hour after its first try.
    await server.db
      .update(privateStationClaimTries)
      .set({ windowStartedAt: new Date(Date.now() - 3601_000) })
      .where(eq(privateStationClaimTries.key, unclaimed.code));
    expect((await claim(server, rightful, unclaimed)).status).toBe(200);
  });

  it('holds the limit when a driver guesses many times at once', async () => {
    const guesser = await signedInUser(server);
    const unclaimed = await unclaimedStation(server);
    const answers = await Promise.all(
      Array.from({ length: 3 * CLAIM_WRONG_TRIES_PER_USER_HOUR }, (_, i) =>
        claimWith(guesser.token, unclaimed.code, `guess-${i}`),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 403)).toHaveLength(CLAIM_WRONG_TRIES_PER_USER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * CLAIM_WRONG_TRIES_PER_USER_HOUR);
  });

  it('makes one owner of two drivers adding it at once', async () => {
    const unclaimed = await unclaimedStation(server);
    const drivers = await Promise.all([signedInUser(server), signedInUser(server)]);
    const answers = await Promise.all(drivers.map((d) => claim(server, d, unclaimed)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = drivers[answers.findIndex((a) => a.status === 200)]!;
    expect(await ownerOf(unclaimed.id)).toBe(winner.id);
  });
});

describe('releasing a private station', () => {
  it('makes it wait for its code again, hidden from its former owner, and only its owner may', async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const station = await ownedStation(server, owner);
    const { id } = station;
    const notTheirs = await server.call(releasePrivateStation, { token: other.token, params: { id } });
    expect(notTheirs.status).toBe(404);
    const released = await server.call(releasePrivateStation, { token: owner.token, params: { id } });
    expect(released.status).toBe(200);
    expect(await ownerOf(id)).toBeNull();
    const [row] = await server.db.select().from(privateStations).where(eq(privateStations.stationId, id));
    expect(row).toMatchObject({ claimedAt: null, isShared: false, datesOff: [] });
    expect((await server.call(getStation, { token: owner.token, params: { guid: id } })).status).toBe(404);
    const list = await server.call<{ items: PrivateStation[] }>(listPrivateStations, { token: owner.token });
    expect(list.body.items).toEqual([]);
    // The same code and secret add it again, for someone else.
    expect((await claim(server, other, station)).status).toBe(200);
    expect(await ownerOf(id)).toBe(other.id);
  });

  it('is refused while a session runs on it, and changes nothing', async () => {
    const owner = await driver(server, 0);
    const station = await ownedStation(server, owner);
    station.sim.plug(1, testCar);
    await station.sim.flush();
    const started = await start(server, owner, { connectorId: station.connectorIds[0]! });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const watch = changeWatch(server.db);
    await watch.before();
    const busy = await server.call(releasePrivateStation, {
      token: owner.token,
      params: { id: station.id },
    });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'PRIVATE_STATION_BUSY' });
    // (The charge point keeps reporting the session meanwhile.)
    const changed = await watch.changedTables();
    expect(changed.filter((t) => ['stations', 'private_stations', 'tariffs'].includes(t))).toEqual([]);
    expect(await ownerOf(station.id)).toBe(owner.id);
  });
});
