import { afterEach, describe, expect, it } from 'vitest';
import { readings, settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const statusesOf = (r: Rig) => r.cs.callsOf('StatusNotification').map((c) => c.params.status);

describe('a remote start to stop session', () => {
  it('starts, meters rising energy and SoC, stops with the meter reading', async () => {
    rig = await startRig({
      connectors: [{ currentType: 'AC', powerW: 22_000, meterStartWh: 1_234 }],
    });
    const { cs, clock, station } = rig;
    await station.connect();
    station.plug(1, { batteryKwh: 50, socPercent: 30, maxAcKw: 11 });
    await station.waitFor('Preparing');

    expect(
      await cs.command(stationId, 'RemoteStartTransaction', {
        connectorId: 1,
        idTag: 'APP-USER-1',
      }),
    ).toEqual({ status: 'Accepted' });
    const start = await cs.waitForCall('StartTransaction');
    expect(start.params).toMatchObject({ connectorId: 1, idTag: 'APP-USER-1', meterStart: 1_234 });
    await station.waitFor('Charging');
    await settle(station);
    const transactionId = station.connector(1).transactionId;
    expect(transactionId).toBe(1000);

    clock.advance(30 * 60_000);
    await settle(station);
    const samples = cs
      .callsOf('MeterValues')
      .map((c) => ({ transactionId: c.params.transactionId, ...readings(c.params) }));
    expect(samples).toHaveLength(30);
    expect(samples.every((s) => s.transactionId === transactionId)).toBe(true);
    expect(samples.every((s) => s.powerW === 11_000)).toBe(true);
    for (let i = 1; i < samples.length; i++) {
      expect(samples[i]!.energyWh).toBeGreaterThan(samples[i - 1]!.energyWh);
      expect(samples[i]!.socPercent).toBeGreaterThanOrEqual(samples[i - 1]!.socPercent!);
    }
    // 11 kW for 30 minutes is 5.5 kWh, 11 % of a 50 kWh battery.
    expect(samples.at(-1)).toMatchObject({ energyWh: 1_234 + 5_500, socPercent: 41 });

    expect(await cs.command(stationId, 'RemoteStopTransaction', { transactionId })).toEqual({
      status: 'Accepted',
    });
    const stop = await cs.waitForCall('StopTransaction');
    expect(stop.params).toMatchObject({
      transactionId,
      idTag: 'APP-USER-1',
      meterStop: 1_234 + 5_500,
      reason: 'Remote',
    });
    expect(stop.params.transactionData).toHaveLength(2);
    await station.waitFor('Finishing');
    station.unplug(1);
    await station.waitFor('Available');
    await settle(station);
    expect(statusesOf(rig)).toEqual([
      'Available',
      'Preparing',
      'Charging',
      'Finishing',
      'Available',
    ]);
  });

  it('plugs the demo car in on a remote start when auto-plug is on', async () => {
    rig = await startRig({ autoPlug: { socPercent: 50 } });
    await rig.station.connect();
    await rig.cs.command(stationId, 'RemoteStartTransaction', { idTag: 'APP-USER-2' });
    await rig.cs.waitForCall('StartTransaction');
    await rig.station.waitFor('Charging');
    expect(rig.station.connector(1)).toMatchObject({ isPlugged: true, socPercent: 50 });
  });

  it('waits ConnectionTimeOut for the cable after a remote start without a car, then gives up', async () => {
    rig = await startRig({ connectionTimeoutSeconds: 30 });
    await rig.station.connect();
    await rig.cs.command(stationId, 'RemoteStartTransaction', {
      connectorId: 1,
      idTag: 'APP-USER-3',
    });
    await rig.station.waitFor('Preparing');
    rig.clock.advance(30_000);
    await rig.station.waitFor('Available');
    expect(rig.cs.callsOf('StartTransaction')).toHaveLength(0);
  });

  it('stops with EVDisconnected when the car is unplugged while charging', async () => {
    rig = await startRig();
    await rig.station.connect();
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', {
      connectorId: 1,
      idTag: 'APP-USER-4',
    });
    await rig.station.waitFor('Charging');
    rig.clock.advance(10 * 60_000);
    rig.station.unplug(1);
    const stop = await rig.cs.waitForCall('StopTransaction');
    expect(stop.params).toMatchObject({
      reason: 'EVDisconnected',
      meterStop: Math.floor(11_000 / 6),
    });
    await rig.station.waitFor('Available');
  });

  it('refuses a second remote start on a busy connector', async () => {
    rig = await startRig();
    await rig.station.connect();
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    expect(
      await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'B' }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await rig.cs.command(stationId, 'RemoteStopTransaction', { transactionId: 999_999 }),
    ).toEqual({ status: 'Rejected' });
  });

  it('ends the transaction when the central system refuses the tag in StartTransaction', async () => {
    rig = await startRig();
    rig.cs.respond.StartTransaction = () => ({
      transactionId: 77,
      idTagInfo: { status: 'Blocked' },
    });
    await rig.station.connect();
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'BLOCKED' });
    const stop = await rig.cs.waitForCall('StopTransaction');
    expect(stop.params).toMatchObject({ transactionId: 77, reason: 'DeAuthorized' });
  });
});
