import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../db/schema/charging';
import { users } from '../../db/schema/users';
import { createUser } from '../../test/builders';
import {
  driverWithTag,
  MINUTE_MS,
  samplesOf,
  sessionOf,
  sessionsOn,
  startWithTag,
  testCar,
  perKwh,
} from '../../test/sessions';
import { withSessionStations, withTestServer } from '../../test/hooks';

// Transactions end to end with the simulator: Authorize, RFID and app starts, meter values,
// stops, parking and a refused tag.

const server = withTestServer();
const stations = withSessionStations(server, { ledger: false });
const { connectedStation } = stations;

describe('Authorize', () => {
  it('accepts an active tag of a driver, refuses unknown tags and blocked drivers', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const blocked = await driverWithTag(server);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.id));
    const status = async (idTag: string) =>
      ((await station.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo
        .status;
    expect(await status(driver.tag)).toBe('Accepted');
    expect(await status('NOBODY-KNOWS')).toBe('Invalid');
    expect(await status(blocked.tag)).toBe('Blocked');
  });
});

describe('an RFID session', () => {
  it('starts on the tag, follows MeterValues and ends when the car leaves, with energy, samples and cost', async () => {
    const { chargePoint, station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    const started = await sessionOf(server, transactionId);
    expect(started).toMatchObject({
      userId: driver.id,
      connectorId: chargePoint.station.connectorIds[0],
      tariffId: stations.tariffId,
      currency: 'rub',
      status: 'charging',
      meterStartWh: 0,
    });
    expect(started.rfidTagId).not.toBeNull();

    station.clock.advance(30 * MINUTE_MS);
    await station.flush();
    const running = await sessionOf(server, transactionId);
    // 11 kW for 30 minutes.
    expect(running.energyWh).toBe(5500);
    expect(running.powerW).toBe(11_000);
    expect(running.socPercent).toBeGreaterThan(20);
    expect(running.costMinor).toBe(perKwh(5500));
    expect(await samplesOf(server, started.id)).toHaveLength(30);

    const stopped = station.next('transactionStopped');
    station.unplug(1);
    const { meterStopWh } = await stopped;
    await station.flush();
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({
      status: 'success',
      meterStopWh,
      energyWh: meterStopWh,
      powerW: 0,
      stopReason: 'EVDisconnected',
      costMinor: perKwh(meterStopWh),
      parkingStartedAt: null,
    });
    expect(done.stoppedAt?.getTime()).toBe(started.startedAt!.getTime() + 30 * MINUTE_MS);
    const samples = await samplesOf(server, started.id);
    expect(samples).toHaveLength(31);
    expect(samples.at(-1)).toMatchObject({ energyWh: meterStopWh, powerW: 0 });
    expect(station.connector(1).status).toBe('Available');
  });

  it('parks after a stop with the car still plugged, and charges parking after the free minutes', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    station.clock.advance(10 * MINUTE_MS);
    await station.flush();

    expect(
      await server.app.chargePoints.remoteStopTransaction(station.id, { transactionId }),
    ).toEqual({ status: 'Accepted' });
    await station.waitFor('Finishing');
    await station.flush();
    const parked = await sessionOf(server, transactionId);
    expect(parked).toMatchObject({ status: 'parking', stopReason: 'Remote', energyWh: 1833 });
    expect(parked.parkingStartedAt).not.toBeNull();

    // 25 minutes plugged in after charging: 15 of them paid.
    station.clock.advance(25 * MINUTE_MS);
    station.unplug(1);
    await station.flush();
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({ status: 'success', stopReason: 'Remote', energyWh: 1833 });
    expect(done.costMinor).toBe(perKwh(1833) + 15 * 100);
    expect(done.stoppedAt!.getTime() - done.parkingStartedAt!.getTime()).toBe(25 * MINUTE_MS);
  });

  it('stops billing parking at the ceiling fixed on the session at its start', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    // The demo brand's ceiling in roubles: 300 ₽.
    const started = await sessionOf(server, transactionId);
    expect(started).toMatchObject({ parkingFeeCapMinor: 30_000 });
    // A ceiling of 10 ₽ (ten minutes of the test tariff's parking) keeps the stay short.
    await server.db
      .update(chargingSessions)
      .set({ parkingFeeCapMinor: 1_000 })
      .where(eq(chargingSessions.id, started.id));
    station.clock.advance(10 * MINUTE_MS);
    await station.flush();
    await server.app.chargePoints.remoteStopTransaction(station.id, { transactionId });
    await station.waitFor('Finishing');
    await station.flush();

    // 25 minutes plugged in after charging: 15 paid minutes, billed as 10.
    station.clock.advance(25 * MINUTE_MS);
    station.unplug(1);
    await station.flush();
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({ status: 'success', energyWh: 1833 });
    expect(done.costMinor).toBe(perKwh(1833) + 1_000);
    expect(done.stoppedAt!.getTime() - done.parkingStartedAt!.getTime()).toBe(25 * MINUTE_MS);
  });

  it('answers a StartTransaction with an unknown tag Invalid with transaction 0, and stores nothing', async () => {
    const { chargePoint, station } = await connectedStation();
    const answer = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: 'NOBODY-KNOWS',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    expect(answer).toEqual({ transactionId: 0, idTagInfo: { status: 'Invalid' } });
    expect(await sessionsOn(server, chargePoint.station.connectorIds[0]!)).toEqual([]);
    // Its StopTransaction (StopTransactionOnInvalidId) is answered and changes nothing.
    const stop = await station.call('StopTransaction', {
      transactionId: 0,
      meterStop: 0,
      timestamp: new Date().toISOString(),
      reason: 'DeAuthorized',
    });
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
  });
});

describe('a session the app prepared', () => {
  it('takes the StartTransaction that follows RemoteStartTransaction', async () => {
    const { chargePoint, station } = await connectedStation();
    const driver = await createUser(server.db);
    // What PUT /charge will do: a preparing session, then the remote start.
    const [prepared] = await server.db
      .insert(chargingSessions)
      .values({
        userId: driver.id,
        connectorId: chargePoint.station.connectorIds[1]!,
        tariffId: stations.tariffId,
        currency: 'rub',
        limitMode: 'energy',
        limitValue: 5000,
        idTag: 'APPPREPARED1',
      })
      .returning();
    const answer = await server.app.chargePoints.remoteStartTransaction(station.id, {
      connectorId: 2,
      idTag: 'APPPREPARED1',
    });
    expect(answer).toEqual({ status: 'Accepted' });
    const accepted = station.next('transactionAccepted');
    station.plug(2, testCar);
    expect((await accepted).transactionId).toBe(prepared!.transactionId);
    await station.flush();
    const session = await sessionOf(server, prepared!.transactionId);
    expect(session).toMatchObject({
      id: prepared!.id,
      status: 'charging',
      meterStartWh: 0,
      limitMode: 'energy',
    });
    expect(session.startedAt).not.toBeNull();
  });
});
