import { describe, expect, it } from 'vitest';
import {
  driverWithTag,
  MINUTE_MS,
  samplesOf,
  sessionOf,
  sessionsOn,
  startWithTag,
  testCar,
  perKwh,
} from '../../test/sessions';
import { withSessionStations, withTestServer } from '../../test/hooks';

// Transactions that go wrong on the way: a StopTransaction sent twice, a connection lost in the
// middle of a session (queued messages), a tag started offline that we refuse.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: false });

describe('StopTransaction twice', () => {
  it('changes nothing the second time and still answers Accepted', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    station.clock.advance(5 * MINUTE_MS);
    const sent = station.next('sent', (s) => s.action === 'StopTransaction');
    station.unplug(1);
    const { payload } = await sent;
    await station.flush();
    const first = await sessionOf(server, transactionId);
    const samples = (await samplesOf(server, first.id)).length;

    // The same message again, and one with other figures: neither changes the session.
    expect(await station.call('StopTransaction', payload)).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    const altered = {
      ...payload,
      meterStop: 99_999,
      timestamp: new Date(Date.now() + 3_600_000).toISOString(),
    };
    expect(await station.call('StopTransaction', altered)).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    expect(await sessionOf(server, transactionId)).toEqual(first);
    expect(await samplesOf(server, first.id)).toHaveLength(samples);
  });
});

describe('a connection lost in the middle of a session', () => {
  it('gets the queued MeterValues and StopTransaction after the reconnect, in order', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    const session = await sessionOf(server, transactionId);

    await station.dropConnection();
    station.clock.advance(6 * MINUTE_MS);
    station.unplug(1);
    expect(station.pendingMessages()).toBe(7);
    expect((await sessionOf(server, transactionId)).status).toBe('charging');

    await station.restore();
    await station.flush();
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({ status: 'success', energyWh: 1100, stopReason: 'EVDisconnected' });
    expect(done.costMinor).toBe(perKwh(1100));
    const samples = await samplesOf(server, session.id);
    expect(samples.map((s) => s.energyWh)).toEqual([183, 366, 550, 733, 916, 1100, 1100]);
  });

  it('refuses on reconnect a tag that started offline unknown: transaction 0, stopped DeAuthorized', async () => {
    const { chargePoint, station } = await connectedStation();
    await station.dropConnection();
    station.plug(1, testCar);
    expect(await station.presentTag('OFFLINE-UNKNOWN', 1)).toMatchObject({ outcome: 'started' });
    const accepted = station.next('transactionAccepted', undefined, 5000);
    const stopped = station.next('transactionStopped', undefined, 5000);
    await station.restore();
    expect(await accepted).toMatchObject({ transactionId: 0, idTagStatus: 'Invalid' });
    expect(await stopped).toMatchObject({ reason: 'DeAuthorized' });
    await station.flush();
    expect(await sessionsOn(server, chargePoint.station.connectorIds[0]!)).toEqual([]);
  });
});
