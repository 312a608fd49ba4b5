import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargePoints } from '../db/schema/ocpp';
import {
  addChargePoint,
  closeSimStations,
  ocppUrl,
  simStation,
  type TestChargePoint,
} from '../test/charge-points';
import { CommandError } from './gateway';
import { withTestServer } from '../test/hooks';

// Commands from the central system (app.chargePoints) answered by the simulator.

const server = withTestServer();
let chargePoint: TestChargePoint;
beforeAll(async () => {
  chargePoint = await addChargePoint(server);
});
afterEach(closeSimStations);

const gateway = () => server.app.chargePoints;

describe('commands to a charge point', () => {
  it('RemoteStartTransaction: Accepted, and Rejected by a station that refuses commands', async () => {
    const station = simStation(server, chargePoint, { autoPlug: true });
    await station.connect({ timeoutMs: 5000 });
    const started = station.next('transactionStarted');
    expect(
      await gateway().remoteStartTransaction(chargePoint.id, { connectorId: 1, idTag: 'APP-1' }),
    ).toEqual({
      status: 'Accepted',
    });
    expect(await started).toMatchObject({ connectorId: 1, idTag: 'APP-1' });

    station.setRejectCommands(true);
    expect(
      await gateway().remoteStartTransaction(chargePoint.id, { connectorId: 2, idTag: 'APP-2' }),
    ).toEqual({
      status: 'Rejected',
    });
  });

  it('GetConfiguration, and ChangeConfiguration of HeartbeatInterval remembered for liveness', async () => {
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    const answer = await gateway().getConfiguration(chargePoint.id, { key: ['HeartbeatInterval'] });
    expect(answer.configurationKey).toEqual([
      expect.objectContaining({
        key: 'HeartbeatInterval',
        value: String(server.config.ocpp.heartbeatSeconds),
      }),
    ]);
    const changed = await gateway().changeConfiguration(chargePoint.id, {
      key: 'HeartbeatInterval',
      value: '120',
    });
    expect(changed).toEqual({ status: 'Accepted' });
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(row?.heartbeatSeconds).toBe(120);
  });

  it('the other commands of OCPP 1.6 core and smart charging', async () => {
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    const id = chargePoint.id;
    expect(await gateway().changeAvailability(id, { connectorId: 2, type: 'Inoperative' })).toEqual(
      { status: 'Accepted' },
    );
    await station.waitFor('Unavailable', 2);
    expect(await gateway().unlockConnector(id, { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await gateway().triggerMessage(id, { requestedMessage: 'Heartbeat' })).toEqual({
      status: 'Accepted',
    });
    const profile = {
      chargingProfileId: 7,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile' as const,
      chargingProfileKind: 'Absolute' as const,
      chargingSchedule: {
        chargingRateUnit: 'W' as const,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }],
      },
    };
    expect(
      await gateway().setChargingProfile(id, { connectorId: 1, csChargingProfiles: profile }),
    ).toEqual({ status: 'Accepted' });
    expect(await gateway().clearChargingProfile(id, { id: 7 })).toEqual({ status: 'Accepted' });
    expect(await gateway().reset(id, { type: 'Soft' })).toEqual({ status: 'Accepted' });
    // A reset boots again.
    await station.next('boot', (b) => b.status === 'Accepted', 5000);
  });

  it('fails clearly when the charge point is offline, refuses or does not answer', async () => {
    await expect(gateway().reset('CP-NOT-CONNECTED', { type: 'Soft' })).rejects.toMatchObject({
      reason: 'offline',
      chargePointId: 'CP-NOT-CONNECTED',
    });
    // A charge point of our own making: no handler for Reset, and GetConfiguration never answered.
    const client = new RPCClient({
      endpoint: ocppUrl(server),
      identity: chargePoint.id,
      password: chargePoint.password,
      protocols: ['ocpp1.6'],
      reconnect: false,
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
    client.handle('GetConfiguration', () => new Promise(() => undefined));
    await client.connect();
    try {
      const refused = gateway().reset(chargePoint.id, { type: 'Soft' });
      await expect(refused).rejects.toBeInstanceOf(CommandError);
      await expect(refused).rejects.toMatchObject({
        reason: 'refused',
        rpcErrorCode: 'NotImplemented',
      });
      await expect(
        gateway().send(chargePoint.id, 'GetConfiguration', {}, { timeoutMs: 200 }),
      ).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      await client.close({ force: true });
    }
  });
});
