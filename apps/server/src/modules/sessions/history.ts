import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { latestChargeRows, openChargeRows } from './charge-row-repo';
import { toCharges } from './charge-view';
import { historyPage, summaryRows } from './history-repo';

// SPEC §7 GET /v2/charges (history) and the dashboard's totals.

export async function listHistory(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
) {
  const { rows, total } = await historyPage(db, userId, query);
  return {
    items: await toCharges(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Totals of the finished sessions that started in [from, to), days in the client's offset. */
export async function chargeSummary(
  db: Db,
  userId: string,
  query: { from: string; to: string; offset: number },
) {
  const { rows, days } = await summaryRows(db, userId, query);
  return {
    sessions: rows.reduce((sum, row) => sum + row.sessions, 0),
    energyWh: rows.reduce((sum, row) => sum + row.energyWh, 0),
    durationSeconds: rows.reduce((sum, row) => sum + row.seconds, 0),
    costs: rows
      .filter((row) => row.costMinor > 0)
      .map((row) => ({ currency: row.currency as Currency, amountMinor: row.costMinor })),
    days: days.map((row) => ({ date: row.date, energyWh: row.energyWh })),
  };
}

/**
 * The driver's sessions as the support console shows them beside a conversation (SPEC §6
 * support staff): the open ones, and the latest `latest` sessions, newest first, a running one
 * among them (a driver charging for the first time has a latest session: that one).
 */
export async function sessionsForSupport(db: Db, userId: string, now: Date, latest = 5) {
  const [open, last] = await Promise.all([
    openChargeRows(db, userId),
    latestChargeRows(db, userId, latest),
  ]);
  return {
    activeSessions: await toCharges(db, open, now),
    lastSessions: await toCharges(db, last, now),
  };
}
