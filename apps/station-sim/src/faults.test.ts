import { afterEach, describe, expect, it } from 'vitest';
import { noFaults } from './faults';
import type { StationOptions } from './station';
import type { ReceivedCall } from './test/central-system';
import { readings, settle, startRig, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

/** A connected station with a car charging at 11 kW on connector 1, its start answered. */
async function charging(options: Partial<StationOptions> = {}) {
  rig = await startRig(options);
  await rig.station.connect();
  return chargeAgain(rig, 'A');
}

/** Charging on connector 1 under this tag, plugging a car in if none is. */
async function chargeAgain(r: Rig, idTag: string) {
  if (!r.station.connector(1).isPlugged) r.station.plug(1);
  await r.station.presentTag(idTag, 1);
  await r.station.waitFor('Charging');
  await settle(r.station);
  return r;
}

const sampleTime = (call: ReceivedCall) =>
  Date.parse((call.params.meterValue as { timestamp: string }[])[0]!.timestamp);

describe('MeterValues after the stop', () => {
  it('sends N more samples for the stopped transaction, later than the stop and rising', async () => {
    const r = await charging({ faults: { meterValuesAfterStop: 3 } });
    const transactionId = r.station.connector(1).transactionId;
    r.clock.advance(10 * 60_000);
    r.station.stop(1);
    await settle(r.station);
    const stop = r.cs.callsOf('StopTransaction')[0]!;
    const meterStop = stop.params.meterStop as number;
    const seen = r.cs.calls.length;

    r.clock.advance(10 * 60_000);
    await settle(r.station);
    const after = r.cs.calls.slice(seen).filter((c) => c.action !== 'Heartbeat');
    expect(after.map((c) => c.action)).toEqual(['MeterValues', 'MeterValues', 'MeterValues']);
    expect(after.every((c) => c.params.transactionId === transactionId)).toBe(true);
    const stopMs = Date.parse(stop.params.timestamp as string);
    expect(after.map(sampleTime)).toEqual([1, 2, 3].map((k) => stopMs + k * 60_000));
    // The register climbs at the 11 kW drawn before the stop; the connector's own stays put.
    expect(after.map((c) => readings(c.params))).toEqual(
      [1, 2, 3].map((k) => ({
        energyWh: meterStop + Math.floor((11_000 * k) / 60),
        powerW: 11_000,
        socPercent: expect.any(Number),
      })),
    );
    expect(r.station.connector(1).energyWh).toBe(meterStop);
  });

  it('queues them offline like the other transaction messages (here before the stop)', async () => {
    const r = await charging({
      faults: { meterValuesAfterStop: 2, replayOrder: 'meterValuesFirst' },
    });
    await r.station.dropConnection();
    r.clock.advance(60_000);
    r.station.stop(1);
    r.clock.advance(5 * 60_000);
    const seen = r.cs.calls.length;
    await r.station.restore();
    await settle(r.station);
    const calls = r.cs.calls.slice(seen).filter((c) => c.action !== 'StatusNotification');
    expect(calls.map((c) => c.action)).toEqual([
      'MeterValues',
      'MeterValues',
      'MeterValues',
      'StopTransaction',
    ]);
    const stopMs = Date.parse(calls[3]!.params.timestamp as string);
    expect(calls.slice(1, 3).every((c) => sampleTime(c) > stopMs)).toBe(true);
  });
});

describe('lost transaction messages', () => {
  it('never sends the lost StopTransaction, and sends the next one', async () => {
    const r = await charging({ faults: { loseStopTransactions: 1 } });
    const lostId = r.station.connector(1).transactionId;
    r.clock.advance(60_000);
    r.station.stop(1);
    await settle(r.station);
    expect(r.station.faults().loseStopTransactions).toBe(0);
    expect(r.logs.some((line) => /StopTransaction of transaction \d+ lost/.test(line))).toBe(true);

    await chargeAgain(r, 'B');
    const nextId = r.station.connector(1).transactionId;
    r.clock.advance(60_000);
    r.station.stop(1);
    await settle(r.station);
    expect(nextId).not.toBe(lostId);
    expect(r.cs.callsOf('StopTransaction').map((c) => c.params.transactionId)).toEqual([nextId]);
  });

  it('never sends the lost StartTransaction, nor what its transaction sends after it', async () => {
    rig = await startRig({ faults: { loseStartTransactions: 1 } });
    await rig.station.connect();
    rig.station.plug(1);
    await rig.station.presentTag('A', 1);
    rig.clock.advance(3 * 60_000);
    rig.station.stop(1);
    await settle(rig.station);
    expect(rig.cs.callsOf('StartTransaction')).toHaveLength(0);
    expect(rig.cs.callsOf('MeterValues')).toHaveLength(0);
    expect(rig.cs.callsOf('StopTransaction')).toHaveLength(0);
    expect(rig.station.faults().loseStartTransactions).toBe(0);

    await chargeAgain(rig, 'B');
    rig.station.stop(1);
    await settle(rig.station);
    expect(rig.cs.callsOf('StartTransaction').map((c) => c.params.idTag)).toEqual(['B']);
    expect(rig.cs.callsOf('StopTransaction')).toHaveLength(1);
  });
});

describe('a wrong clock', () => {
  it('shifts every timestamp the station sends, not the charging', async () => {
    const offsetMs = -3_600_000;
    const r = await charging({ faults: { clockOffsetMs: offsetMs } });
    // The manual clock stands still until advanced: boot and start happen at its start.
    const t0 = r.clock.now();
    r.clock.advance(90_000);
    r.station.stop(1);
    await settle(r.station);

    const start = r.cs.callsOf('StartTransaction')[0]!.params;
    expect(Date.parse(start.timestamp as string)).toBe(t0 + offsetMs);
    const samples = r.cs.callsOf('MeterValues');
    expect(samples.map(sampleTime)).toEqual([t0 + 60_000 + offsetMs]);
    const stop = r.cs.callsOf('StopTransaction')[0]!.params;
    expect(Date.parse(stop.timestamp as string)).toBe(t0 + 90_000 + offsetMs);
    const data = stop.transactionData as { timestamp: string }[];
    expect(data.map((d) => Date.parse(d.timestamp))).toEqual([
      t0 + offsetMs,
      t0 + 90_000 + offsetMs,
    ]);
    const statusTimes = r.cs
      .callsOf('StatusNotification')
      .map((c) => Date.parse(c.params.timestamp as string));
    expect(statusTimes.length).toBeGreaterThan(2);
    expect(statusTimes.every((ms) => ms === t0 + offsetMs || ms === t0 + 90_000 + offsetMs)).toBe(
      true,
    );
    // 90 s at 11 kW, on the simulated clock.
    expect(stop.meterStop).toBe(Math.floor((11_000 * 90) / 3600));
  });
});

describe('a meter reset', () => {
  it('drops the register to 0, so the readings and meterStop fall below meterStart', async () => {
    const r = await charging({
      connectors: [{ currentType: 'AC', powerW: 22_000, meterStartWh: 50_000 }],
    });
    r.clock.advance(10 * 60_000);
    r.station.resetMeter(1);
    expect(r.station.connector(1).energyWh).toBe(0);
    r.clock.advance(10 * 60_000);
    r.station.stop(1);
    await settle(r.station);
    const start = r.cs.callsOf('StartTransaction')[0]!.params;
    const stop = r.cs.callsOf('StopTransaction')[0]!.params;
    expect(start.meterStart).toBe(50_000);
    expect(stop.meterStop).toBe(Math.floor((11_000 * 10) / 60));
    const energies = r.cs.callsOf('MeterValues').map((c) => readings(c.params).energyWh);
    expect(energies[9]).toBe(50_000 + Math.floor((11_000 * 10) / 60));
    expect(energies[10]).toBe(Math.floor(11_000 / 60));
  });
});

describe('a meter that jumps', () => {
  it('moves the register ahead at once, so the readings and meterStop carry the jump', async () => {
    const r = await charging({
      connectors: [{ currentType: 'AC', powerW: 22_000, meterStartWh: 50_000 }],
    });
    r.clock.advance(2 * 60_000);
    r.station.jumpMeter(1, 1_000_000_000_000);
    expect(() => r.station.jumpMeter(1, -5)).toThrow(/positive number of Wh/);
    r.clock.advance(60_000);
    r.station.stop(1);
    await settle(r.station);
    const stop = r.cs.callsOf('StopTransaction')[0]!.params;
    const drawn = Math.floor((11_000 * 3) / 60);
    // Whole Wh of what the car drew over the three minutes (one may be lost to rounding).
    const afterJump = Number(stop.meterStop) - 1_000_000_000_000 - 50_000;
    expect(afterJump).toBeGreaterThanOrEqual(drawn - 1);
    expect(afterJump).toBeLessThanOrEqual(drawn);
    const energies = r.cs.callsOf('MeterValues').map((c) => readings(c.params).energyWh);
    expect(energies.at(-1)).toBeGreaterThan(1_000_000_000_000);
  });
});

describe('setting faults', () => {
  it('starts with none, changes only the keys given, and refuses nonsense', async () => {
    rig = await startRig();
    expect(rig.station.faults()).toEqual(noFaults);
    rig.station.setFaults({ loseStopTransactions: 2 });
    rig.station.setFaults({ replayOrder: 'stopsFirst' });
    expect(rig.station.faults()).toEqual({
      ...noFaults,
      loseStopTransactions: 2,
      replayOrder: 'stopsFirst',
    });
    expect(() => rig!.station.setFaults({ loseStartTransactions: -1 })).toThrow(/whole number/);
    expect(() => rig!.station.setFaults({ meterValuesAfterStop: 1.5 })).toThrow(/whole number/);
    expect(() => rig!.station.setFaults({ replayOrder: 'random' as never })).toThrow(/replayOrder/);
    expect(() => rig!.station.setFaults({ clockOffsetMs: Number.NaN })).toThrow(/clockOffsetMs/);
    expect(rig.station.faults().loseStopTransactions).toBe(2);
  });
});
