import { and, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { chargeRows } from './charge-row-repo';

// The history's pages and the dashboard's totals (SPEC §7 GET /v2/charges).

/** Sessions worth showing: every one that started, and open ones; not starts that never began. */
const shown = (userId: string) =>
  and(
    eq(chargingSessions.userId, userId),
    or(isNotNull(chargingSessions.startedAt), ne(chargingSessions.status, 'cancelled')),
  );

/** One page of the driver's sessions worth showing, newest first, and how many there are. */
export async function historyPage(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
) {
  const where = and(
    shown(userId),
    query.from ? gte(chargingSessions.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(chargingSessions.createdAt, new Date(query.to)) : undefined,
  );
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(where);
  const rows = await chargeRows(db, where, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows, total: count?.total ?? 0 };
}

/** Per currency, and energy per day in the client's offset, of finished sessions in [from, to). */
export async function summaryRows(
  db: Db,
  userId: string,
  query: { from: string; to: string; offset: number },
) {
  const where = and(
    eq(chargingSessions.userId, userId),
    eq(chargingSessions.status, 'success'),
    gte(chargingSessions.startedAt, new Date(query.from)),
    lt(chargingSessions.startedAt, new Date(query.to)),
  );
  const rows = await db
    .select({
      currency: chargingSessions.currency,
      sessions: sql<number>`count(*)::int`,
      energyWh: sql<string>`coalesce(sum(${chargingSessions.energyWh}), 0)::bigint`.mapWith(Number),
      costMinor: sql<string>`coalesce(sum(${chargingSessions.costMinor}), 0)::bigint`.mapWith(
        Number,
      ),
      seconds:
        sql<string>`coalesce(sum(extract(epoch from coalesce(${chargingSessions.parkingStartedAt}, ${chargingSessions.stoppedAt}) - ${chargingSessions.startedAt})), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(chargingSessions)
    .where(where)
    .groupBy(chargingSessions.currency);
  const day = sql<string>`to_char(${chargingSessions.startedAt} + ${query.offset} * interval '1 minute', 'YYYY-MM-DD')`;
  const days = await db
    .select({
      date: day,
      energyWh: sql<string>`coalesce(sum(${chargingSessions.energyWh}), 0)::bigint`.mapWith(Number),
    })
    .from(chargingSessions)
    .where(where)
    // By position: the same expression twice would carry its offset as two parameters.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { rows, days };
}
