import { afterEach, describe, expect, it } from 'vitest';
import { readings, settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function charging() {
  rig = await startRig();
  await rig.station.connect();
  rig.station.plug(1, { batteryKwh: 60, socPercent: 20, maxAcKw: 11 });
  await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'DRIVER' });
  await rig.station.waitFor('Charging');
  await settle(rig.station);
  return rig;
}

const actionsSince = (r: Rig, index: number) => r.cs.calls.slice(index).map((c) => c.action);

describe('a lost connection', () => {
  it('queues transaction messages while offline and delivers them in order after restore', async () => {
    const r = await charging();
    const transactionId = r.station.connector(1).transactionId;
    await r.station.dropConnection();
    expect(r.station.isOnline()).toBe(false);
    const seen = r.cs.calls.length;

    r.clock.advance(5 * 60_000);
    r.station.unplug(1);
    expect(r.station.pendingMessages()).toBe(6);

    await r.station.restore();
    await settle(r.station);
    expect(actionsSince(r, seen)).toEqual([
      ...Array(5).fill('MeterValues'),
      'StopTransaction',
      'StatusNotification',
    ]);
    const samples = r.cs
      .callsOf('MeterValues')
      .map((c) => ({ transactionId: c.params.transactionId, ...readings(c.params) }));
    expect(samples.map((s) => s.energyWh)).toEqual(
      [1, 2, 3, 4, 5].map((minute) => Math.floor((11_000 * minute) / 60)),
    );
    expect(samples.every((s) => s.transactionId === transactionId)).toBe(true);
    const stop = r.cs.callsOf('StopTransaction')[0]!;
    expect(stop.params).toMatchObject({
      transactionId,
      meterStop: Math.floor((11_000 * 5) / 60),
      reason: 'EVDisconnected',
    });
    // Timestamps are those of the events, not of the delivery.
    expect(Date.parse(stop.params.timestamp as string)).toBe(r.clock.now());
    expect(r.cs.callsOf('StatusNotification').at(-1)!.params).toMatchObject({
      status: 'Available',
    });
    // A lost socket is not a reboot: no second BootNotification.
    expect(r.cs.callsOf('BootNotification')).toHaveLength(1);
  });

  it('starts offline on a tag, and the queued MeterValues carry the transaction id once StartTransaction is answered', async () => {
    rig = await startRig();
    await rig.station.connect();
    await settle(rig.station);
    await rig.station.dropConnection();
    rig.station.plug(1);
    expect(await rig.station.presentTag('OFFLINE-CARD')).toMatchObject({
      outcome: 'started',
      status: 'Accepted',
    });
    rig.clock.advance(3 * 60_000);
    const seen = rig.cs.calls.length;

    rig.cs.respond.StartTransaction = () => ({
      transactionId: 4242,
      idTagInfo: { status: 'Accepted' },
    });
    await rig.station.restore();
    await settle(rig.station);
    expect(actionsSince(rig, seen)).toEqual([
      'StartTransaction',
      'MeterValues',
      'MeterValues',
      'MeterValues',
      'StatusNotification',
    ]);
    expect(rig.cs.callsOf('Authorize')).toHaveLength(0);
    expect(rig.cs.callsOf('MeterValues').map((c) => c.params.transactionId)).toEqual([
      4242, 4242, 4242,
    ]);
    expect(rig.station.connector(1).transactionId).toBe(4242);
  });

  it('rides out a socket the server cut: ocpp-rpc reconnects and the queue drains', async () => {
    const r = await charging();
    r.cs.isRefusing = true;
    const disconnected = r.station.next('disconnected');
    await r.cs.kill(stationId);
    await disconnected;
    r.clock.advance(3 * 60_000);
    const seen = r.cs.calls.length;
    const refusedBefore = r.cs.handshakes.length;
    // Let a few reconnect attempts fail with 503 first.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(r.cs.handshakes.length).toBeGreaterThan(refusedBefore);
    r.cs.isRefusing = false;
    await r.station.next('connected', undefined, 3000);
    await settle(r.station);
    expect(actionsSince(r, seen)).toEqual([
      'MeterValues',
      'MeterValues',
      'MeterValues',
      'StatusNotification',
    ]);
  });

  it('sends a transaction message again when the socket broke before the answer', async () => {
    const r = await charging();
    let isFirst = true;
    r.cs.respond.StopTransaction = async () => {
      if (!isFirst) return {};
      isFirst = false;
      await r.cs.kill(stationId);
      return new Promise<object>(() => undefined);
    };
    r.station.stop(1);
    await r.station.next('connected', undefined, 3000);
    await settle(r.station);
    const stops = r.cs.callsOf('StopTransaction');
    expect(stops).toHaveLength(2);
    expect(stops[1]!.params).toEqual(stops[0]!.params);
  });

  it('keeps heartbeats and statuses out of the queue while offline', async () => {
    const r = await charging();
    await r.station.dropConnection();
    r.station.fault(1, 'OverVoltage');
    r.clock.advance(600_000);
    // Only the StopTransaction of the fault waits; statuses and heartbeats were not kept.
    expect(r.station.pendingMessages()).toBe(1);
    const seen = r.cs.calls.length;
    await r.station.restore();
    await settle(r.station);
    expect(actionsSince(r, seen)).toEqual(['StopTransaction', 'StatusNotification']);
    expect(r.cs.callsOf('StatusNotification').at(-1)!.params).toMatchObject({
      status: 'Faulted',
      errorCode: 'OverVoltage',
    });
  });
});
