import { afterEach, describe, expect, it } from 'vitest';
import { createStation } from './station';
import { startRig, stationId, stationPassword, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

describe('connecting to a central system', () => {
  it('opens ws://…/ocpp/{id} with subprotocol ocpp1.6 and Basic auth id:password', async () => {
    rig = await startRig();
    await rig.station.connect();
    const handshake = rig.cs.handshakes.at(-1)!;
    expect(handshake.identity).toBe(stationId);
    expect(handshake.protocols).toContain('ocpp1.6');
    expect(handshake.authorization).toBe(
      `Basic ${Buffer.from(`${stationId}:${stationPassword}`).toString('base64')}`,
    );
  });

  it('boots, reports every connector and sends heartbeats at the interval the central system gave', async () => {
    rig = await startRig({ connectors: 2, vendor: 'Acme', model: 'Fast-2' });
    rig.cs.respond.BootNotification = () => ({
      status: 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 120,
    });
    await rig.station.connect();
    const boot = rig.cs.callsOf('BootNotification')[0]!;
    expect(boot.params).toMatchObject({ chargePointVendor: 'Acme', chargePointModel: 'Fast-2' });
    await rig.cs.waitForCall('StatusNotification', (p) => p.connectorId === 2);
    expect(
      rig.cs
        .callsOf('StatusNotification')
        .map((c) => [c.params.connectorId, c.params.status, c.params.errorCode]),
    ).toEqual([
      [1, 'Available', 'NoError'],
      [2, 'Available', 'NoError'],
    ]);

    rig.clock.advance(119_000);
    await rig.station.flush();
    expect(rig.cs.callsOf('Heartbeat')).toHaveLength(0);
    rig.clock.advance(1000 + 240_000);
    await rig.station.flush();
    expect(rig.cs.callsOf('Heartbeat')).toHaveLength(3);
  });

  it('retries BootNotification after the interval while the central system says Pending', async () => {
    rig = await startRig();
    let answers = 0;
    rig.cs.respond.BootNotification = () => ({
      status: answers++ === 0 ? 'Pending' : 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 30,
    });
    const connected = rig.station.connect();
    await rig.station.next('boot', (b) => b.status === 'Pending');
    rig.clock.advance(30_000);
    await connected;
    expect(rig.cs.callsOf('BootNotification')).toHaveLength(2);
  });

  it('gives up on a wrong password when told not to retry', async () => {
    rig = await startRig();
    const intruder = createStation({
      url: rig.cs.url,
      id: stationId,
      password: 'wrong',
      connectRetries: 0,
    });
    await expect(intruder.connect()).rejects.toThrow(/Unauthorized|401/);
    await intruder.close();
  });
});
