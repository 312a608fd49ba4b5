import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releasePrivateStation } from '@evcharge/api/private-stations/private-stations';
import { weekDays } from '@evcharge/domain/station-hours';
import { reservations } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { ledgerTransactions } from '../../db/schema/money';
import { stations, tariffs } from '../../db/schema/stations';
import { connectedStation } from '../../test/charge-points';
import { driver, expectLedgerBalanced } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { testCar } from '../../test/sessions';
import {
  claim,
  noHours,
  ownedStation,
  share,
  sharedAlways,
  unclaimedStation,
  type UnclaimedStation,
} from '../../test/private-stations';
import {
  eventTypesOf,
  minutesFrom,
  reservationRow,
  reserve,
  walletOf,
} from '../../test/reservations';

// SPEC §1 private stations: what the owner does to the station reaches every way in at once.
// Its charge point keeps only its owner's tags for starts without us (OCPP 1.6 §3.5.3), trusts
// another driver's tag no longer than the sharing lasts (§3.5.2), and reservations that no
// longer lie in the shared hours are withdrawn at no cost to their drivers.

const server = withTestServer();
withSimStations(server, { ledger: true });

async function tagOf(userId: string) {
  const uid = `PS${randomBytes(5).toString('hex').toUpperCase()}`;
  await server.db.insert(rfidTags).values({ userId, uid });
  return uid;
}

async function listsInStep() {
  server.app.localList.tagsChanged();
  await server.app.localList.settled();
}

const heldTags = (station: Pick<UnclaimedStation, 'sim'>) =>
  Object.keys(station.sim.localList().entries).sort();

type IdTagInfo = { status: string; expiryDate?: string; parentIdTag?: string };
const authorize = async (station: UnclaimedStation, idTag: string) =>
  ((await station.sim.call('Authorize', { idTag })) as { idTagInfo: IdTagInfo }).idTagInfo;

describe('the local list of a private station', () => {
  it('holds nobody’s tags unclaimed, its owner’s alone once claimed, and none again when released', async () => {
    const [owner, other] = await Promise.all([driver(server), driver(server)]);
    const ownersTag = await tagOf(owner.id);
    const othersTag = await tagOf(other.id);
    const station = await unclaimedStation(server, { supportsRfid: true });
    const { station: publicSim } = await connectedStation(server, { supportsRfid: true });
    await listsInStep();
    expect(heldTags(station)).toEqual([]);
    // A public station keeps every driver's tag.
    expect(Object.keys(publicSim.localList().entries)).toEqual(
      expect.arrayContaining([ownersTag, othersTag]),
    );

    expect((await claim(server, owner, station)).status).toBe(200);
    await server.app.localList.settled();
    expect(heldTags(station)).toEqual([ownersTag]);
    // Sharing lets others in while we answer; it puts no one else on the list.
    await share(server, owner, station.id, sharedAlways());
    await listsInStep();
    expect(heldTags(station)).toEqual([ownersTag]);

    const released = await server.call(releasePrivateStation, {
      token: owner.token,
      params: { id: station.id },
    });
    expect(released.status).toBe(200);
    await server.app.localList.settled();
    expect(heldTags(station)).toEqual([]);
  });

  it('another driver’s tag is trusted until the sharing ends; the owner’s without an end', async () => {
    const [owner, other] = await Promise.all([driver(server), driver(server, 100_000)]);
    const station = await ownedStation(server, owner, { supportsRfid: true });
    const ownersTag = await tagOf(owner.id);
    const othersTag = await tagOf(other.id);
    // Shared today only (the station keeps UTC): the window ends at the next midnight.
    const now = new Date();
    const today = weekDays[(now.getUTCDay() + 6) % 7]!;
    await share(server, owner, station.id, {
      ...sharedAlways(),
      weekly: { ...noHours, [today]: [{ from: '00:00', to: '24:00' }] },
    });
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);

    const others = await authorize(station, othersTag);
    expect(others.status).toBe('Accepted');
    expect(others.expiryDate).toBe(midnight.toISOString());
    const owners = await authorize(station, ownersTag);
    expect(owners.status).toBe('Accepted');
    expect(owners.expiryDate).toBeUndefined();

    // Shared round the clock: trusted a day at most, for the owner may change the hours.
    await share(server, owner, station.id, sharedAlways());
    const allDay = await authorize(station, othersTag);
    const trusted = new Date(allDay.expiryDate!).getTime() - Date.now();
    expect(trusted).toBeGreaterThan(23 * 3600_000);
    expect(trusted).toBeLessThanOrEqual(24 * 3600_000);

    // StartTransaction's idTagInfo feeds the same cache: the same end.
    station.sim.plug(1, testCar);
    await share(server, owner, station.id, {
      ...sharedAlways(),
      weekly: { ...noHours, [today]: [{ from: '00:00', to: '24:00' }] },
    });
    const started = (await station.sim.call('StartTransaction', {
      connectorId: 1,
      idTag: othersTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    expect(started.transactionId).toBeGreaterThan(0);
    expect(started.idTagInfo).toMatchObject({
      status: 'Accepted',
      expiryDate: midnight.toISOString(),
    });
  });
});

describe('reservations when the owner changes the sharing', () => {
  it('others’ reservations outside the new hours are withdrawn and cost nothing; the rest stay', async () => {
    const owner = await driver(server);
    const other = await driver(server, 100_000);
    const station = await ownedStation(server, owner, {
      supportsPeriodReservation: true,
      connectors: [{}, {}],
    });
    const [first, second] = station.connectorIds as [string, string];
    await share(server, owner, station.id, sharedAlways());
    // The owner asks a fixed cost for a reservation: a held one pays it when it begins.
    const [row] = await server.db.select().from(stations).where(eq(stations.id, station.id));
    await server.db
      .update(tariffs)
      .set({ reservationFeeMinor: 2_500 })
      .where(eq(tariffs.id, row!.tariffId!));
    const before = await walletOf(server, other);

    const held = await reserve(server, other, { connectorId: first, mode: 'quick' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.status).toBe('active');
    const later = await reserve(server, other, {
      connectorId: second,
      mode: 'period',
      startsAt: minutesFrom(new Date(), 120).toISOString(),
      endsAt: minutesFrom(new Date(), 180).toISOString(),
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const owners = await reserve(server, owner, {
      connectorId: second,
      mode: 'period',
      startsAt: minutesFrom(new Date(), 200).toISOString(),
      endsAt: minutesFrom(new Date(), 230).toISOString(),
    });
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    expect(await walletOf(server, other)).toBe(before - 2_500);

    // New prices, the same hours: nothing is withdrawn.
    await share(server, owner, station.id, sharedAlways({ perKwhMinor: 1800 }));
    expect((await reservationRow(server, held.body.id)).status).toBe('active');
    expect((await reservationRow(server, later.body.id)).status).toBe('scheduled');

    // Sharing switched off: the other driver's are withdrawn, the fixed cost comes back.
    await share(server, owner, station.id, { ...sharedAlways(), isShared: false });
    for (const id of [held.body.id, later.body.id]) {
      expect(await reservationRow(server, id)).toMatchObject({
        status: 'failed',
        failReason: 'withdrawn',
        costMinor: 0,
      });
    }
    expect(await walletOf(server, other)).toBe(before);
    const refunds = await server.db
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'refund'),
          like(ledgerTransactions.reference, `${held.body.id}:%`),
        ),
      );
    expect(refunds).toEqual([{ reference: `${held.body.id}:withdrawn` }]);
    expect(await eventTypesOf(server, other)).toContain('reservationFailed');
    // The owner's own reservation stands: the station is always theirs.
    expect((await reservationRow(server, owners.body.id)).status).toBe('scheduled');
    // The held connector was let go at the charge point.
    expect(
      await server.db
        .select({ status: reservations.status })
        .from(reservations)
        .where(eq(reservations.connectorId, first)),
    ).toEqual([{ status: 'failed' }]);
    await expectLedgerBalanced(server);
  });

  it('a quick hold that would outlast the shared hours is refused', async () => {
    const owner = await driver(server);
    const other = await driver(server);
    const station = await ownedStation(server, owner);
    // Shared until ten minutes from now, less than a quick hold (the station keeps UTC).
    const now = new Date();
    const until = minutesFrom(now, 10);
    const dayOf = (at: Date) => weekDays[(at.getUTCDay() + 6) % 7]!;
    const end = until.toISOString().slice(11, 16);
    const weekly =
      dayOf(until) === dayOf(now)
        ? { ...noHours, [dayOf(now)]: [{ from: '00:00', to: end }] }
        : {
            ...noHours,
            [dayOf(now)]: [{ from: '00:00', to: '24:00' }],
            [dayOf(until)]: [{ from: '00:00', to: end }],
          };
    await share(server, owner, station.id, { ...sharedAlways(), weekly });
    const quick = await reserve(server, other, {
      connectorId: station.connectorIds[0]!,
      mode: 'quick',
    });
    expect(quick.status).toBe(400);
    expect(quick.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'mode', rule: 'reserveHours' }],
    });
    expect(
      await server.db.select().from(reservations).where(eq(reservations.userId, other.id)),
    ).toEqual([]);
  });
});
