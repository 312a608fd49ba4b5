import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Charge, ChargeDetail } from '@evcharge/api/charges/charge-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { chargingSamples } from '../../db/schema/ocpp';
import { asc } from 'drizzle-orm';
import { runningStatuses } from './repo';
import { chargeCost, chargeRows, toCharge, toCharges, userChargeRow } from './charge-view';
import { recordChargeEvent } from './events';
import { cancelPreparing, type ChargeDeps } from './start';

// SPEC §7: the driver's open sessions, one session in detail, the start's timeout check,
// "stop in N minutes" and the closed flag of a finished session's summary.

/** Open sessions, and finished ones (that started) whose summary the driver has not closed. */
export async function currentCharges(db: Db, userId: string): Promise<Charge[]> {
  const rows = await chargeRows(
    db,
    and(
      eq(chargingSessions.userId, userId),
      eq(chargingSessions.isUserClosed, false),
      ne(chargingSessions.status, 'cancelled'),
    ),
    { limit: 20, offset: 0 },
  );
  return toCharges(db, rows);
}

export async function openTransactionIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ transactionId: chargingSessions.transactionId })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    );
  return rows.map((row) => row.transactionId);
}

export async function chargeDetail(
  db: Db,
  userId: string,
  transactionId: number,
): Promise<ChargeDetail> {
  const row = await userChargeRow(db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const samples = await db
    .select({
      at: chargingSamples.at,
      energyWh: chargingSamples.energyWh,
      powerW: chargingSamples.powerW,
      socPercent: chargingSamples.socPercent,
    })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, row.session.id))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
  const now = new Date();
  const { cost } = await chargeCost(db, row, now, samples);
  return {
    ...(await toCharge(db, row, now)),
    samples: samples.map((sample) => ({ ...sample, at: sample.at.toISOString() })),
    costItems: cost.items.map((item) => ({
      kind: item.kind,
      amountMinor: item.amountMinor,
      quantity: item.quantity,
    })),
  };
}

/**
 * Where a start stands: a `preparing` session past its deadline is cancelled now (no
 * charge), whether or not the sweep got to it yet.
 */
export async function checkStartTimeout(deps: ChargeDeps, userId: string, transactionId: number) {
  const row = await userChargeRow(deps.db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const { session } = row;
  const now = Date.now();
  const deadline = session.startDeadlineAt?.getTime() ?? now;
  if (session.status === 'preparing' && deadline <= now)
    await cancelPreparing(deps, session.id, 'timeout');
  const after = (await userChargeRow(deps.db, userId, transactionId)) ?? row;
  const isTimedOut =
    after.session.status === 'cancelled' && after.session.serverStopReason === 'timeout';
  const secondsLeft =
    after.session.status === 'preparing' ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
  return { isTimedOut, secondsLeft, charge: await toCharge(deps.db, after) };
}

/** "Stop in N minutes": a time limit of the minutes charged so far plus N. */
export async function setRemainingTime(
  deps: ChargeDeps,
  userId: string,
  transactionId: number,
  minutes: number,
): Promise<Charge> {
  const row = await userChargeRow(deps.db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const { session } = row;
  const isRunning = (runningStatuses as readonly string[]).includes(session.status);
  if (!isRunning || !session.startedAt)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'transactionId', rule: 'invalid' }],
    });
  const elapsedMinutes = Math.ceil((Date.now() - session.startedAt.getTime()) / 60_000);
  const [updated] = await deps.db
    .update(chargingSessions)
    .set({
      limitMode: 'time',
      limitValue: Math.max(0, elapsedMinutes) + minutes,
      remainingMinutes: minutes,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(chargingSessions.id, session.id),
        inArray(chargingSessions.status, [...runningStatuses]),
      ),
    )
    .returning();
  if (!updated)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'transactionId', rule: 'invalid' }],
    });
  await recordChargeEvent(deps, updated, 'status');
  const after = await userChargeRow(deps.db, userId, transactionId);
  return toCharge(deps.db, after ?? row);
}

/** The driver closed (or reopened) the summary of finished sessions. */
export async function setUserClosed(
  db: Db,
  userId: string,
  flag: boolean,
  transactionId: number | undefined,
): Promise<void> {
  if (transactionId !== undefined && !(await userChargeRow(db, userId, transactionId)))
    throw new AppError('NOT_FOUND');
  await db
    .update(chargingSessions)
    .set({ isUserClosed: flag })
    .where(
      and(
        eq(chargingSessions.userId, userId),
        inArray(chargingSessions.status, ['success', 'cancelled']),
        transactionId === undefined ? undefined : eq(chargingSessions.transactionId, transactionId),
      ),
    );
}
