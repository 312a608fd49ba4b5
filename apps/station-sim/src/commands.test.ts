import { afterEach, describe, expect, it } from 'vitest';
import { readings, settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const command = (action: string, params: object) => rig!.cs.command(stationId, action, params);

async function connected(overrides: Parameters<typeof startRig>[0] = {}) {
  rig = await startRig(overrides);
  await rig.station.connect();
  return rig;
}

describe('reject mode', () => {
  it('answers every command with its refusal and changes nothing', async () => {
    const r = await connected({ rejectCommands: true });
    r.station.plug(1);
    const future = new Date(r.clock.now() + 600_000).toISOString();
    const answers = {
      RemoteStartTransaction: await command('RemoteStartTransaction', {
        connectorId: 1,
        idTag: 'A',
      }),
      RemoteStopTransaction: await command('RemoteStopTransaction', { transactionId: 1 }),
      ChangeAvailability: await command('ChangeAvailability', {
        connectorId: 1,
        type: 'Inoperative',
      }),
      UnlockConnector: await command('UnlockConnector', { connectorId: 1 }),
      Reset: await command('Reset', { type: 'Soft' }),
      TriggerMessage: await command('TriggerMessage', { requestedMessage: 'Heartbeat' }),
      ChangeConfiguration: await command('ChangeConfiguration', {
        key: 'HeartbeatInterval',
        value: '10',
      }),
      SetChargingProfile: await command('SetChargingProfile', {
        connectorId: 0,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: {
            chargingRateUnit: 'W',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }],
          },
        },
      }),
      ClearChargingProfile: await command('ClearChargingProfile', {}),
      ReserveNow: await command('ReserveNow', {
        connectorId: 1,
        expiryDate: future,
        idTag: 'A',
        reservationId: 1,
      }),
    };
    expect(answers).toEqual({
      RemoteStartTransaction: { status: 'Rejected' },
      RemoteStopTransaction: { status: 'Rejected' },
      ChangeAvailability: { status: 'Rejected' },
      UnlockConnector: { status: 'UnlockFailed' },
      Reset: { status: 'Rejected' },
      TriggerMessage: { status: 'Rejected' },
      ChangeConfiguration: { status: 'Rejected' },
      SetChargingProfile: { status: 'Rejected' },
      ClearChargingProfile: { status: 'Unknown' },
      ReserveNow: { status: 'Rejected' },
    });
    await settle(r.station);
    expect(r.cs.callsOf('StartTransaction')).toHaveLength(0);
    expect(r.station.connector(1).status).toBe('Preparing');

    r.station.setRejectCommands(false);
    expect(await command('RemoteStartTransaction', { connectorId: 1, idTag: 'A' })).toEqual({
      status: 'Accepted',
    });
  });
});

describe('commands', () => {
  it('ChangeAvailability: Unavailable now, or Scheduled until the transaction ends', async () => {
    const r = await connected({ connectors: 2 });
    expect(await command('ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({
      status: 'Accepted',
    });
    await r.station.waitFor('Unavailable', 2);
    expect(await command('RemoteStartTransaction', { connectorId: 2, idTag: 'A' })).toEqual({
      status: 'Rejected',
    });

    r.station.plug(1);
    await command('RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await r.station.waitFor('Charging', 1);
    expect(await command('ChangeAvailability', { connectorId: 0, type: 'Inoperative' })).toEqual({
      status: 'Scheduled',
    });
    r.station.unplug(1);
    await r.station.waitFor('Unavailable', 1);
    expect(await command('ChangeAvailability', { connectorId: 0, type: 'Operative' })).toEqual({
      status: 'Accepted',
    });
    await r.station.waitFor('Available', 1);
    await r.station.waitFor('Available', 2);
  });

  it('UnlockConnector ends the transaction with UnlockCommand', async () => {
    const r = await connected();
    r.station.plug(1);
    await command('RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await r.station.waitFor('Charging');
    expect(await command('UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect((await r.cs.waitForCall('StopTransaction')).params).toMatchObject({
      reason: 'UnlockCommand',
    });
  });

  it('TriggerMessage sends the requested message after answering', async () => {
    const r = await connected();
    await settle(r.station);
    const before = r.cs.calls.length;
    for (const requestedMessage of [
      'Heartbeat',
      'StatusNotification',
      'MeterValues',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
    ]) {
      expect(await command('TriggerMessage', { requestedMessage, connectorId: 1 })).toEqual({
        status: 'Accepted',
      });
    }
    await r.cs.waitForCall('FirmwareStatusNotification');
    await settle(r.station);
    expect(r.cs.calls.slice(before).map((c) => c.action)).toEqual([
      'Heartbeat',
      'StatusNotification',
      'MeterValues',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
    ]);
    expect(readings(r.cs.callsOf('MeterValues')[0]!.params)).toMatchObject({
      energyWh: 0,
      powerW: 0,
    });
    expect(
      await command('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 9 }),
    ).toEqual({ status: 'Rejected' });
  });

  it('GetConfiguration and ChangeConfiguration, which changes the meter interval', async () => {
    const r = await connected();
    const all = (await command('GetConfiguration', {})) as {
      configurationKey: { key: string; readonly: boolean; value: string }[];
    };
    expect(all.configurationKey).toEqual(
      expect.arrayContaining([
        { key: 'NumberOfConnectors', readonly: true, value: '1' },
        { key: 'MeterValueSampleInterval', readonly: false, value: '60' },
      ]),
    );
    expect(await command('GetConfiguration', { key: ['HeartbeatInterval', 'Nope'] })).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['Nope'],
    });
    expect(await command('ChangeConfiguration', { key: 'Nope', value: '1' })).toEqual({
      status: 'NotSupported',
    });
    expect(await command('ChangeConfiguration', { key: 'NumberOfConnectors', value: '3' })).toEqual(
      { status: 'Rejected' },
    );
    expect(
      await command('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: 'soon' }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await command('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '15' }),
    ).toEqual({ status: 'Accepted' });

    r.station.plug(1);
    await command('RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await r.station.waitFor('Charging');
    r.clock.advance(60_000);
    await settle(r.station);
    expect(r.cs.callsOf('MeterValues')).toHaveLength(4);
  });

  it('Reset stops transactions, reconnects and boots again', async () => {
    const r = await connected();
    r.station.plug(1);
    await command('RemoteStartTransaction', { connectorId: 1, idTag: 'A' });
    await r.station.waitFor('Charging');
    expect(await command('Reset', { type: 'Hard' })).toEqual({ status: 'Accepted' });
    expect((await r.cs.waitForCall('StopTransaction')).params).toMatchObject({
      reason: 'HardReset',
    });
    await r.station.next('boot', (b) => b.status === 'Accepted');
    expect(r.cs.callsOf('BootNotification')).toHaveLength(2);
    expect(r.cs.handshakes).toHaveLength(2);
  });

  it('ReserveNow holds the connector for one tag until it starts there', async () => {
    const r = await connected();
    const expiryDate = new Date(r.clock.now() + 15 * 60_000).toISOString();
    expect(
      await command('ReserveNow', { connectorId: 1, expiryDate, idTag: 'OWNER', reservationId: 5 }),
    ).toEqual({ status: 'Accepted' });
    await r.station.waitFor('Reserved');
    r.station.plug(1);
    expect(await r.station.presentTag('STRANGER', 1)).toEqual({ outcome: 'noConnector' });
    expect(await r.station.presentTag('OWNER', 1)).toMatchObject({ outcome: 'started' });
    expect((await r.cs.waitForCall('StartTransaction')).params).toMatchObject({
      idTag: 'OWNER',
      reservationId: 5,
    });
  });

  it('a reserved connector starts for a tag of the reservation’s parentIdTag (OCPP 1.6 §5.13)', async () => {
    const r = await connected();
    r.cs.respond.Authorize = (params) => ({
      idTagInfo: {
        status: 'Accepted',
        parentIdTag: (params as { idTag: string }).idTag === 'FOB' ? 'DRIVER' : 'SOMEONE',
      },
    });
    const expiryDate = new Date(r.clock.now() + 15 * 60_000).toISOString();
    await command('ReserveNow', {
      connectorId: 1,
      expiryDate,
      idTag: 'APPTAG',
      parentIdTag: 'DRIVER',
      reservationId: 7,
    });
    await r.station.waitFor('Reserved');
    r.station.plug(1);
    expect(await r.station.presentTag('OTHER', 1)).toEqual({ outcome: 'noConnector' });
    expect(await r.station.presentTag('FOB', 1)).toMatchObject({ outcome: 'started' });
    expect((await r.cs.waitForCall('StartTransaction')).params).toMatchObject({
      idTag: 'FOB',
      reservationId: 7,
    });
  });

  it('a reservation expires, and CancelReservation frees the connector', async () => {
    const r = await connected();
    const soon = new Date(r.clock.now() + 60_000).toISOString();
    await command('ReserveNow', {
      connectorId: 1,
      expiryDate: soon,
      idTag: 'OWNER',
      reservationId: 1,
    });
    await r.station.waitFor('Reserved');
    r.clock.advance(60_000);
    await r.station.waitFor('Available');
    await command('ReserveNow', {
      connectorId: 1,
      expiryDate: soon,
      idTag: 'OWNER',
      reservationId: 2,
    });
    expect(await command('CancelReservation', { reservationId: 2 })).toEqual({
      status: 'Accepted',
    });
    expect(await command('CancelReservation', { reservationId: 2 })).toEqual({
      status: 'Rejected',
    });
  });

  it('answers NotImplemented to a command it does not know', async () => {
    await connected();
    await expect(
      command('GetDiagnostics', { location: 'ftp://example.invalid/' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });
  });
});
