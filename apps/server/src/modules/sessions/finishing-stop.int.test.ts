import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loggerOptions } from '../../logger';
import type { SimStation } from '../../test/charge-points';
import { startTestServer, type TestServer } from '../../test/harness';
import { withSessionStations } from '../../test/hooks';
import { driverWithTag, MINUTE_MS, sessionOf, startWithTag } from '../../test/sessions';

// OCPP 1.6 §4.9: Finishing means the transaction has stopped and the connector is not yet
// free. Many charge points report it just before their StopTransaction: an ordinary end, not a
// lost stop. Only Available while the session runs (or a new transaction on the connector)
// makes the server ask the charge point (TriggerMessage) and mark the session.

const LOST_STOP_WARNING = 'connector reported free while its session runs';
const logLines: string[] = [];
const server = {} as TestServer;
beforeAll(async () => {
  const { charging } = loadConfig({
    PUBLIC_URL: 'http://evcharge.test',
    DEMO_MODE: 'true',
    CHARGE_SWEEP_SECONDS: '0.2',
    CHARGE_STOP_GRACE_SECONDS: '60',
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  Object.assign(
    server,
    await startTestServer({
      config: { charging },
      logger: { ...(loggerOptions('warn') as object), stream },
    }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  logLines.length = 0;
});
const { connectedStation } = withSessionStations(server, { ledger: true });

const status = (station: SimStation, value: string) =>
  station.call('StatusNotification', {
    connectorId: 1,
    status: value,
    errorCode: 'NoError',
    timestamp: new Date(station.clock.now()).toISOString(),
  });

/** A tag's session on connector 1, two minutes in, and the commands the station gets from then on. */
async function chargingSession() {
  const { station } = await connectedStation();
  const driver = await driverWithTag(server);
  const transactionId = await startWithTag(station, driver.tag);
  station.clock.advance(2 * MINUTE_MS);
  await station.flush();
  const commands: string[] = [];
  station.on('command', (command) => commands.push(command.action));
  return { station, transactionId, commands };
}

const lostStopWarnings = () => logLines.filter((line) => line.includes(LOST_STOP_WARNING));

describe('a connector Finishing before its StopTransaction', () => {
  it('is an ordinary end: no TriggerMessage, no warning, the stop ends the session', async () => {
    const { station, transactionId, commands } = await chargingSession();

    await status(station, 'Finishing');
    expect((await sessionOf(server, transactionId)).stopSuspectedAt).toBeNull();
    const stopped = station.next('transactionStopped');
    station.unplug(1);
    await stopped;
    await station.flush();
    await status(station, 'Available');

    expect(await sessionOf(server, transactionId)).toMatchObject({
      status: 'success',
      stopReason: 'EVDisconnected',
      energySource: 'meter_stop',
      closedWithoutStopAt: null,
      stopSuspectedAt: null,
    });
    expect(commands).not.toContain('TriggerMessage');
    expect(lostStopWarnings()).toEqual([]);
  });
});

describe('a connector Available while its session runs', () => {
  it('still starts the lost-stop path: the session is marked, the charge point asked, a warning logged', async () => {
    const { station, transactionId, commands } = await chargingSession();
    const asked = station.next(
      'command',
      (c) => c.action === 'TriggerMessage' && JSON.stringify(c.params).includes('MeterValues'),
      5000,
    );

    await status(station, 'Available');
    await asked;

    expect((await sessionOf(server, transactionId)).stopSuspectedAt).not.toBeNull();
    expect(commands).toContain('TriggerMessage');
    expect(lostStopWarnings()).toHaveLength(1);
  });
});
