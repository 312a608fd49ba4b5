import { afterEach, describe, expect, it } from 'vitest';
import { settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

describe('RFID reader', () => {
  it('authorizes a tag, starts on the plugged car, and the same tag stops it', async () => {
    rig = await startRig();
    await rig.station.connect();
    rig.station.plug(1);
    expect(await rig.station.presentTag('CARD-42')).toEqual({
      outcome: 'started',
      connectorId: 1,
      status: 'Accepted',
    });
    expect(rig.cs.callsOf('Authorize')[0]!.params).toEqual({ idTag: 'CARD-42' });
    expect((await rig.cs.waitForCall('StartTransaction')).params).toMatchObject({
      connectorId: 1,
      idTag: 'CARD-42',
    });
    await rig.station.waitFor('Charging');
    rig.clock.advance(60_000);
    await settle(rig.station);

    expect(await rig.station.presentTag('CARD-42')).toEqual({ outcome: 'stopped', connectorId: 1 });
    expect((await rig.cs.waitForCall('StopTransaction')).params).toMatchObject({
      idTag: 'CARD-42',
      reason: 'Local',
    });
    expect(rig.cs.callsOf('Authorize')).toHaveLength(1);
  });

  it('does not start for a tag the central system blocks', async () => {
    rig = await startRig();
    rig.cs.respond.Authorize = () => ({ idTagInfo: { status: 'Blocked' } });
    await rig.station.connect();
    rig.station.plug(1);
    expect(await rig.station.presentTag('STOLEN', 1)).toEqual({
      outcome: 'rejected',
      connectorId: 1,
      status: 'Blocked',
    });
    await settle(rig.station);
    expect(rig.cs.callsOf('StartTransaction')).toHaveLength(0);
  });

  it('holds an authorization until the cable is plugged in', async () => {
    rig = await startRig();
    await rig.station.connect();
    expect(await rig.station.presentTag('CARD-7')).toMatchObject({
      outcome: 'awaitingCable',
      connectorId: 1,
    });
    await rig.station.waitFor('Preparing');
    rig.station.plug(1);
    expect((await rig.cs.waitForCall('StartTransaction')).params).toMatchObject({
      idTag: 'CARD-7',
    });
  });
});

describe('emergency button and faults', () => {
  it('stops every transaction with EmergencyStop and reports Faulted (OtherError, info EmergencyStop)', async () => {
    rig = await startRig({ connectors: 2 });
    await rig.station.connect();
    rig.station.plug(1);
    rig.station.plug(2);
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 2, idTag: 'B' });
    await rig.station.waitFor('Charging', 2);
    await settle(rig.station);

    rig.station.pressEmergency();
    await settle(rig.station);
    const stops = rig.cs.callsOf('StopTransaction');
    expect(stops.map((s) => s.params.reason)).toEqual(['EmergencyStop', 'EmergencyStop']);
    const faulted = rig.cs
      .callsOf('StatusNotification')
      .filter((c) => c.params.status === 'Faulted');
    expect(faulted.map((c) => c.params)).toEqual(
      [1, 2].map((connectorId) =>
        expect.objectContaining({
          connectorId,
          status: 'Faulted',
          errorCode: 'OtherError',
          info: 'EmergencyStop',
          vendorErrorCode: 'EmergencyStop',
        }),
      ),
    );
    expect(
      await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'A' }),
    ).toEqual({ status: 'Rejected' });

    rig.station.releaseEmergency();
    await rig.station.waitFor('Finishing', 1);
    rig.station.unplug(1);
    await rig.station.waitFor('Available', 1);
  });

  it('reports an injected fault with its error code and refuses to start until it clears', async () => {
    rig = await startRig();
    await rig.station.connect();
    rig.station.fault(1, 'GroundFailure', 'RCD tripped');
    await rig.cs.waitForCall('StatusNotification', (p) => p.status === 'Faulted');
    expect(rig.cs.callsOf('StatusNotification').at(-1)!.params).toMatchObject({
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
    });
    expect(
      await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'A' }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await rig.cs.command(stationId, 'ReserveNow', {
        connectorId: 1,
        expiryDate: new Date(rig.clock.now() + 600_000).toISOString(),
        idTag: 'A',
        reservationId: 1,
      }),
    ).toEqual({ status: 'Faulted' });
    rig.station.clearFault(1);
    await rig.station.waitFor('Available');
    expect(() => rig!.station.fault(1, 'NoError')).toThrow(/NoError/);
  });

  it('ends a running transaction with reason Other on a fault', async () => {
    rig = await startRig();
    await rig.station.connect();
    rig.station.plug(1);
    await rig.cs.command(stationId, 'RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await rig.station.waitFor('Charging');
    rig.station.fault(1, 'HighTemperature');
    expect((await rig.cs.waitForCall('StopTransaction')).params).toMatchObject({ reason: 'Other' });
  });
});
