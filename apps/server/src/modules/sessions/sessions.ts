import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { AppError } from '@evcharge/domain/errors';
import { exchangedCost } from '@evcharge/domain/exchange';
import type { Db } from '../../db/client';
import { currentChargeRows, userChargeRow } from './charge-row-repo';
import { chargeCost, toCharge, toCharges } from './charge-view';
import { sessionExchange } from './cost';
import { chartSamples } from './meter-repo';
import { runningStatuses, setFinishedClosedFlag, updateSessionFrom } from './repo';
import { recordChargeEvent } from './events';
import { cancelPreparing, type ChargeDeps } from './start';

// SPEC §7: the driver's open sessions, one session in detail, the start's timeout check,
// "stop in N minutes" and the closed flag of a finished session's summary.

/** Open sessions, and finished ones (that started) whose summary the driver has not closed. */
export async function currentCharges(db: Db, userId: string): Promise<Charge[]> {
  const rows = await currentChargeRows(db, userId);
  return toCharges(db, rows);
}

export async function chargeDetail(
  db: Db,
  userId: string,
  transactionId: number,
): Promise<ChargeDetail> {
  const row = await userChargeRow(db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const samples = await chartSamples(db, row.session.id);
  const now = new Date();
  const { cost: priceCost } = await chargeCost(db, row, now, samples);
  // In the currency the session is paid in (payment-rule.ts), as its receipt lists them.
  const exchange = sessionExchange(row.session);
  const cost = exchange ? exchangedCost(priceCost, exchange) : priceCost;
  const charge = await toCharge(db, row, now);
  // SPEC §7 Loyalty: the discount is its own negative item, as on the receipt.
  const discountMinor = charge.loyalty?.discountMinor ?? 0;
  return {
    ...charge,
    samples: samples.map((sample) => ({ ...sample, at: sample.at.toISOString() })),
    costItems: [
      ...cost.items.map((item) => ({
        kind: item.kind,
        amountMinor: item.amountMinor,
        quantity: item.quantity,
      })),
      ...(discountMinor > 0
        ? [{ kind: 'loyalty_discount', amountMinor: -discountMinor, quantity: 1 }]
        : []),
    ],
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
  const updated = await updateSessionFrom(deps.db, session.id, runningStatuses, {
    limitMode: 'time',
    limitValue: Math.max(0, elapsedMinutes) + minutes,
    remainingMinutes: minutes,
  });
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
  await setFinishedClosedFlag(db, userId, flag, transactionId);
}
