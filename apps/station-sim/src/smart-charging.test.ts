import { afterEach, describe, expect, it } from 'vitest';
import { readings, settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function charging(overrides: Parameters<typeof startRig>[0] = {}, car = {}) {
  rig = await startRig(overrides);
  await rig.station.connect();
  rig.station.plug(1, car);
  await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'DRIVER' });
  await rig.station.waitFor('Charging');
  await settle(rig.station);
  return rig;
}

const lastReading = (r: Rig) => readings(r.cs.callsOf('MeterValues').at(-1)!.params);

describe('the car over OCPP', () => {
  it('draws full DC power below 80 %, tapers above, and is SuspendedEV at 100 %', async () => {
    const r = await charging(
      { connectors: [{ currentType: 'DC', powerW: 150_000 }] },
      { batteryKwh: 60, socPercent: 60, maxDcKw: 120 },
    );
    r.clock.advance(60_000);
    await settle(r.station);
    expect(lastReading(r)).toMatchObject({ powerW: 120_000 });

    r.clock.advance(6 * 60_000);
    await settle(r.station);
    const tapering = lastReading(r);
    expect(tapering.socPercent).toBeGreaterThan(80);
    expect(tapering.powerW).toBeLessThan(120_000);

    r.clock.advance(60 * 60_000);
    await r.station.waitFor('SuspendedEV');
    await settle(r.station);
    expect(lastReading(r)).toMatchObject({ powerW: 0, socPercent: 100 });
    // A full 60 kWh battery from 60 %: 24 kWh went in, and no more.
    expect(lastReading(r).energyWh).toBe(24_000);
    expect(r.station.connector(1).transactionId).toBeDefined();
  });

  it('caps the power with SetChargingProfile, suspends at a limit of 0 and resumes after ClearChargingProfile', async () => {
    const r = await charging({}, { maxAcKw: 11 });
    const transactionId = r.station.connector(1).transactionId;
    const txProfile = (limit: number, unit: 'W' | 'A' = 'W') => ({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        transactionId,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: unit,
          chargingSchedulePeriod: [{ startPeriod: 0, limit }],
        },
      },
    });
    expect(await r.cs.command(stationId, 'SetChargingProfile', txProfile(7_000))).toEqual({
      status: 'Accepted',
    });
    r.clock.advance(60_000);
    await settle(r.station);
    expect(lastReading(r).powerW).toBe(7_000);

    await r.cs.command(stationId, 'SetChargingProfile', txProfile(10, 'A'));
    r.clock.advance(60_000);
    await settle(r.station);
    expect(lastReading(r).powerW).toBe(10 * 230 * 3);

    await r.cs.command(stationId, 'SetChargingProfile', txProfile(0));
    await r.station.waitFor('SuspendedEVSE');
    expect(await r.cs.command(stationId, 'ClearChargingProfile', { id: 7 })).toEqual({
      status: 'Accepted',
    });
    await r.station.waitFor('Charging');
    r.clock.advance(60_000);
    await settle(r.station);
    expect(lastReading(r).powerW).toBe(11_000);
    expect(await r.cs.command(stationId, 'ClearChargingProfile', { id: 7 })).toEqual({
      status: 'Unknown',
    });
  });

  it('applies a TxDefaultProfile and the profile given with RemoteStartTransaction', async () => {
    rig = await startRig();
    await rig.station.connect();
    await rig.cs.command(stationId, 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 4_000 }],
        },
      },
    });
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', {
      connectorId: 1,
      idTag: 'DRIVER',
      chargingProfile: {
        chargingProfileId: 2,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 3_000 },
            { startPeriod: 120, limit: 6_000 },
          ],
        },
      },
    });
    await rig.station.waitFor('Charging');
    rig.clock.advance(60_000);
    await settle(rig.station);
    expect(lastReading(rig).powerW).toBe(3_000);
    rig.clock.advance(120_000);
    await settle(rig.station);
    expect(lastReading(rig).powerW).toBe(6_000);

    // The TxProfile ends with its transaction; the default applies to the next one.
    rig.station.stop(1);
    await rig.cs.waitForCall('StopTransaction');
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'DRIVER' });
    await rig.station.waitFor('Charging');
    rig.clock.advance(60_000);
    await settle(rig.station);
    expect(lastReading(rig).powerW).toBe(4_000);
  });

  it('refuses a TxProfile without a transaction', async () => {
    rig = await startRig();
    await rig.station.connect();
    expect(
      await rig.cs.command(stationId, 'SetChargingProfile', {
        connectorId: 1,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: {
            chargingRateUnit: 'W',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 1_000 }],
          },
        },
      }),
    ).toEqual({ status: 'Rejected' });
  });
});
