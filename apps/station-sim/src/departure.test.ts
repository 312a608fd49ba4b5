import { afterEach, describe, expect, it } from 'vitest';
import { createStation } from './station';
import { settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const leaveAfterMs = 120_000;

/** A remote start with auto-plug: the demo car comes, charges, and (with a delay set) leaves. */
async function remoteStarted(overrides: Parameters<typeof startRig>[0] = {}) {
  rig = await startRig({
    autoPlug: { batteryKwh: 60, socPercent: 40 },
    autoUnplugAfterMs: leaveAfterMs,
    ...overrides,
  });
  await rig.station.connect();
  await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'APP' });
  await rig.station.waitFor('Charging');
  await settle(rig.station);
  return rig;
}

async function remoteStop(r: Rig) {
  await settle(r.station); // StartTransaction answered: the transaction has its id
  const { transactionId } = r.station.connector(1);
  await r.cs.command(stationId, 'RemoteStopTransaction', { transactionId });
  await r.station.waitFor('Finishing');
}

const statuses = (r: Rig) => r.cs.callsOf('StatusNotification').map((c) => c.params.status);

describe('the demo car after charging', () => {
  it('drives off the set time after a remote stop, so the connector is Available again', async () => {
    const r = await remoteStarted();
    r.clock.advance(10 * 60_000);
    await remoteStop(r);
    r.clock.advance(leaveAfterMs - 1);
    await settle(r.station);
    expect(r.station.connector(1)).toMatchObject({ status: 'Finishing', isPlugged: true });

    r.clock.advance(1);
    await r.station.waitFor('Available');
    await settle(r.station);
    expect(r.station.connector(1).isPlugged).toBe(false);
    expect(statuses(r)).toEqual(['Available', 'Preparing', 'Charging', 'Finishing', 'Available']);
    // The stop was the driver's (Remote): pulling the cable afterwards sends nothing more.
    expect(r.cs.callsOf('StopTransaction').map((c) => c.params.reason)).toEqual(['Remote']);
  });

  it('drives off the set time after it got full, ending the transaction with EVDisconnected', async () => {
    // 11 kW AC fills the last 1 % of a 10 kWh battery (100 Wh) in under 33 s.
    const r = await remoteStarted({ autoPlug: { batteryKwh: 10, socPercent: 99 } });
    r.clock.advance(60_000);
    await r.station.waitFor('SuspendedEV');
    r.clock.advance(90_000); // 150 s since the start, under two minutes since it got full
    await settle(r.station);
    expect(r.station.connector(1)).toMatchObject({ status: 'SuspendedEV', isPlugged: true });
    r.clock.advance(10_000);
    await r.station.waitFor('Available');
    const stop = await r.cs.waitForCall('StopTransaction');
    expect(stop.params).toMatchObject({ reason: 'EVDisconnected' });
  });

  it('counts from the end of charging: a car that sat full leaves soon after a late stop', async () => {
    const r = await remoteStarted({ autoPlug: { batteryKwh: 10, socPercent: 99 } });
    r.clock.advance(100_000); // full after about 33 s
    await r.station.waitFor('SuspendedEV');
    await remoteStop(r);
    r.clock.advance(40_000); // 140 s since the start: still within two minutes of being full
    await settle(r.station);
    expect(r.station.connector(1).status).toBe('Finishing');
    r.clock.advance(20_000);
    await r.station.waitFor('Available');
    expect(r.cs.callsOf('StopTransaction').map((c) => c.params.reason)).toEqual(['Remote']);
  });

  it('leaves at once with a delay of 0', async () => {
    const r = await remoteStarted({ autoUnplugAfterMs: 0 });
    await remoteStop(r);
    r.clock.advance(1);
    await r.station.waitFor('Available');
  });

  it('stays plugged without a delay set (the station API as before), and so does a car plugged by hand', async () => {
    const r = await remoteStarted({ autoUnplugAfterMs: undefined });
    await remoteStop(r);
    r.clock.advance(24 * 60 * 60_000);
    await settle(r.station);
    expect(r.station.connector(1)).toMatchObject({ status: 'Finishing', isPlugged: true });
    await r.stop();

    rig = await startRig({ autoPlug: true, autoUnplugAfterMs: 0 });
    await rig.station.connect();
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'APP' });
    await rig.station.waitFor('Charging');
    await remoteStop(rig);
    rig.clock.advance(60 * 60_000);
    await settle(rig.station);
    expect(rig.station.connector(1)).toMatchObject({ status: 'Finishing', isPlugged: true });
  });

  it('a demo car plugged in before the start (a busy connector on the demo map) leaves after a session on it ends', async () => {
    rig = await startRig({
      autoPlug: true,
      autoUnplugAfterMs: leaveAfterMs,
      connectors: [
        { currentType: 'AC', powerW: 22_000, car: { socPercent: 30 }, leavesByItself: true },
      ],
    });
    await rig.station.connect();
    expect(rig.station.connector(1).status).toBe('Preparing');
    rig.clock.advance(24 * 60 * 60_000); // waiting for its driver: it does not leave
    await settle(rig.station);
    expect(rig.station.connector(1)).toMatchObject({ status: 'Preparing', isPlugged: true });

    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'APP' });
    await rig.station.waitFor('Charging');
    rig.clock.advance(60_000);
    await remoteStop(rig);
    rig.clock.advance(leaveAfterMs);
    await rig.station.waitFor('Available');
    expect(rig.station.connector(1).isPlugged).toBe(false);
  });

  it('stays while a new transaction charges it', async () => {
    const r = await remoteStarted();
    await remoteStop(r);
    r.clock.advance(60_000);
    // The same driver taps a card at the station before leaving: charging again.
    expect(await r.station.presentTag('CARD-1', 1)).toMatchObject({ outcome: 'started' });
    await r.station.waitFor('Charging');
    r.clock.advance(10 * 60_000);
    await settle(r.station);
    expect(r.station.connector(1)).toMatchObject({ status: 'Charging', isPlugged: true });
  });

  it('refuses a negative delay', () => {
    expect(() =>
      createStation({ url: 'ws://127.0.0.1:9/ocpp', id: 'CP-X', autoUnplugAfterMs: -1 }),
    ).toThrow(/autoUnplugAfterMs/);
  });
});
