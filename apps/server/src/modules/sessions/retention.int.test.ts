import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../db/schema/charging';
import { chargeEvents, chargingSamples } from '../../db/schema/ocpp';
import { withSessionStations, withTestServer } from '../../test/hooks';
import { driverWithTag, MINUTE_MS, sessionOf, startWithTag } from '../../test/sessions';
import { pruneChargeHistory } from './retention';

// Retention (CHARGE_EVENTS_RETENTION_DAYS, CHARGING_SAMPLES_RETENTION_DAYS): old charge events
// and meter readings go in batches, never those an open session or a bill still to settle
// needs. The pass is run at simulated times ahead of the sessions' real ones.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: false });
const DAY_MS = 24 * 60 * MINUTE_MS;

function retention(eventsRetentionDays: number, samplesRetentionDays: number) {
  const { charging } = server.config;
  return {
    db: server.db,
    config: {
      ...server.config,
      charging: { ...charging, eventsRetentionDays, samplesRetentionDays },
    },
  };
}

async function countOf(sessionId: string) {
  const [samples] = await server.db
    .select({ n: count() })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId));
  const [events] = await server.db
    .select({ n: count() })
    .from(chargeEvents)
    .where(eq(chargeEvents.sessionId, sessionId));
  return { samples: samples!.n, events: events!.n };
}

/** A session with ten minutes of readings on a charge point of its own; stopped unless said. */
async function sessionWithReadings({ stop }: { stop: boolean }) {
  const { station } = await connectedStation();
  const driver = await driverWithTag(server);
  const transactionId = await startWithTag(station, driver.tag);
  station.clock.advance(10 * MINUTE_MS);
  await station.flush();
  if (stop) {
    const stopped = station.next('transactionStopped');
    station.unplug(1);
    await stopped;
    await station.flush();
  }
  const session = await sessionOf(server, transactionId);
  const counts = await countOf(session.id);
  expect(counts.samples).toBeGreaterThanOrEqual(10);
  expect(counts.events).toBeGreaterThanOrEqual(10);
  return session;
}

describe('charge history retention', () => {
  it('deletes old events and readings in batches, and keeps what open sessions and late stops need', async () => {
    const done = await sessionWithReadings({ stop: true });
    const open = await sessionWithReadings({ stop: false });
    // Closed without its StopTransaction, which may still come (decision 008).
    const awaitingStop = await sessionWithReadings({ stop: true });
    await server.db
      .update(chargingSessions)
      .set({ closedWithoutStopAt: new Date(), reconciledAt: null })
      .where(eq(chargingSessions.id, awaitingStop.id));
    const before = {
      done: await countOf(done.id),
      open: await countOf(open.id),
      awaitingStop: await countOf(awaitingStop.id),
    };
    const now = Date.now();

    // Inside both retentions: nothing goes.
    await pruneChargeHistory(retention(30, 180), new Date(now + 29 * DAY_MS), 3);
    expect(await countOf(done.id)).toEqual(before.done);

    // Past the events' retention only: the closed sessions' events go, their readings stay.
    await pruneChargeHistory(retention(30, 180), new Date(now + 31 * DAY_MS), 3);
    expect(await countOf(done.id)).toEqual({ samples: before.done.samples, events: 0 });
    expect(await countOf(awaitingStop.id)).toEqual({
      samples: before.awaitingStop.samples,
      events: 0,
    });
    expect(await countOf(open.id)).toEqual(before.open);

    // Two days on with a day's retention of readings: the late stop may still come (7 days).
    const pruned = await pruneChargeHistory(retention(1, 1), new Date(now + 2 * DAY_MS), 3);
    expect(pruned.samples).toBeGreaterThanOrEqual(before.done.samples);
    expect(await countOf(done.id)).toEqual({ samples: 0, events: 0 });
    expect(await countOf(awaitingStop.id)).toEqual({
      samples: before.awaitingStop.samples,
      events: 0,
    });
    expect(await countOf(open.id)).toEqual(before.open);

    // Past the queue's 7 days the late stop is no longer awaited; the open session keeps all.
    await pruneChargeHistory(retention(1, 1), new Date(now + 400 * DAY_MS), 3);
    expect(await countOf(awaitingStop.id)).toEqual({ samples: 0, events: 0 });
    expect(await countOf(open.id)).toEqual(before.open);
  });
});
