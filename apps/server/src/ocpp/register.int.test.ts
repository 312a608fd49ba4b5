import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargePoints } from '../db/schema/ocpp';
import { privateStations } from '../db/schema/private-stations';
import { stations } from '../db/schema/stations';
import { createUser } from '../test/builders';
import { verifyPassword } from '../crypto/passwords';
import { insertTestStations, type InsertedStation } from '../test/station-builders';
import { registerChargePoint, RegistrationError } from './register';
import { withTestServer } from '../test/hooks';

const server = withTestServer();
let first: InsertedStation;
let second: InsertedStation;
beforeAll(async () => {
  [first, second] = (await insertTestStations(server.db, [
    { lat: 1, lng: 1, connectors: [{ socketType: 'ccs2', powerKw: 150 }, {}] },
    { lat: 2, lng: 2 },
  ])) as [InsertedStation, InsertedStation];
});

const hashOf = async (id: string) =>
  (await server.db.select().from(chargePoints).where(eq(chargePoints.id, id)))[0]?.passwordHash ??
  '';

describe('registerChargePoint', () => {
  it('creates a charge point for a station by code, password hashed, and lists its connectors', async () => {
    const registered = await registerChargePoint(server.db, {
      id: 'CP-1',
      password: 'first-password',
      station: first.code,
    });
    expect(registered).toEqual({
      id: 'CP-1',
      stationId: first.id,
      stationCode: first.code,
      isNew: true,
      connectors: [
        { number: 1, socketType: 'ccs2', powerW: 150_000 },
        { number: 2, socketType: 'type2', powerW: 22_000 },
      ],
      isUnclaimedPrivate: false,
    });
    const hash = await hashOf('CP-1');
    expect(hash).not.toContain('first-password');
    expect(await verifyPassword(hash, 'first-password')).toBe(true);
  });

  it('updates the password (and station, by uuid) of an existing charge point', async () => {
    await registerChargePoint(server.db, { id: 'CP-2', password: 'one', station: second.id });
    const again = await registerChargePoint(server.db, {
      id: 'CP-2',
      password: 'two',
      station: second.id,
    });
    expect(again.isNew).toBe(false);
    expect(await verifyPassword(await hashOf('CP-2'), 'two')).toBe(true);
  });

  it.each([
    ['a bad id', { id: 'CP 1/x', password: 'p', station: 'x' }, /id must be/],
    ['an unknown station', { id: 'CP-9', password: 'p', station: 'NOPE' }, /No station/],
    ['an empty password', { id: 'CP-9', password: '', station: 'NOPE' }, /password/],
  ])('refuses %s', async (_, input, message) => {
    await expect(registerChargePoint(server.db, input)).rejects.toThrow(message);
  });

  it('refuses a second charge point for a station', async () => {
    const attempt = registerChargePoint(server.db, {
      id: 'CP-3',
      password: 'p',
      station: first.code,
    });
    await expect(attempt).rejects.toBeInstanceOf(RegistrationError);
    await expect(attempt).rejects.toThrow(/already has the charge point CP-1/);
  });

  it("replaces the station's charge point when asked (a demo station taken over)", async () => {
    await registerChargePoint(server.db, {
      id: 'CP-4',
      password: 'p',
      station: first.code,
      replace: true,
    });
    const ids = await server.db
      .select({ id: chargePoints.id })
      .from(chargePoints)
      .where(eq(chargePoints.stationId, first.id));
    expect(ids).toEqual([{ id: 'CP-4' }]);
  });

  it('makes a private station that waits unclaimed for its code and secret, the secret hashed', async () => {
    const [third] = await insertTestStations(server.db, [{ lat: 3, lng: 3 }]);
    const registered = await registerChargePoint(server.db, {
      id: 'CP-5',
      password: 'p',
      station: third!.code,
      privateSecret: 'PRINTED-1234',
    });
    expect(registered.isUnclaimedPrivate).toBe(true);
    const [station] = await server.db.select().from(stations).where(eq(stations.id, third!.id));
    expect(station).toMatchObject({ isPrivate: true, ownerUserId: null });
    const [row] = await server.db
      .select()
      .from(privateStations)
      .where(eq(privateStations.stationId, third!.id));
    expect(row?.secretHash).not.toContain('PRINTED-1234');
    expect(await verifyPassword(row?.secretHash ?? '', 'PRINTED-1234')).toBe(true);
    expect(row).toMatchObject({ claimedAt: null, isShared: false });
  });

  it('refuses a short secret, and a secret for a station a driver owns', async () => {
    const owner = await createUser(server.db);
    const [owned] = await insertTestStations(server.db, [
      { lat: 4, lng: 4, isPrivate: true, ownerUserId: owner.id },
    ]);
    await expect(
      registerChargePoint(server.db, { id: 'CP-6', password: 'p', station: owned!.code, privateSecret: 'short' }),
    ).rejects.toThrow(/8-64 characters/);
    await expect(
      registerChargePoint(server.db, {
        id: 'CP-6',
        password: 'p',
        station: owned!.code,
        privateSecret: 'long-enough-secret',
      }),
    ).rejects.toThrow(/belongs to a driver/);
  });
});
