import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/builders';
import { eventually } from '../../test/charge-points';
import { withTestServer } from '../../test/hooks';
import { eventRowsAfter, insertChargeEvent } from './event-repo';

// The long poll answers a driver's events after the client's cursor (an event id): an event
// that commits after one with a higher id would be stepped over for good. One driver's events
// take their ids and commit one after the other.

const server = withTestServer();

async function waitingAdvisoryLocks(): Promise<number> {
  const result = (await server.db.execute(
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

describe("a driver's charge events", () => {
  it('become visible in the order of their ids, even when written by transactions at once', async () => {
    const user = await createUser(server.db);
    const event = (n: number) => ({ userId: user.id, kind: 'status', payload: { n } });
    if (server.driver === 'pglite') {
      // One connection: every write waits for the one before it to commit.
      await insertChargeEvent(server.db, event(1));
      await insertChargeEvent(server.db, event(2));
    } else {
      // A transaction inserts an event and has not committed when a second event is written.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const first = server.db.transaction(async (tx) => {
        await insertChargeEvent(tx, event(1));
        inserted();
        await gate;
      });
      await firstInserted;
      const second = insertChargeEvent(server.db, event(2));
      try {
        // The second waits for the first to commit, so a poll now sees neither.
        await eventually(async () => (await waitingAdvisoryLocks()) > 0);
        expect(await eventRowsAfter(server.db, user.id, 0, 0, 10)).toEqual([]);
      } finally {
        release();
        await Promise.all([first, second]);
      }
    }
    const rows = await eventRowsAfter(server.db, user.id, 0, 0, 10);
    expect(rows.map((row) => row.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rows[0]!.id).toBeLessThan(rows[1]!.id);
  });
});
