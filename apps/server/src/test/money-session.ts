import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { minStartBalanceMinor } from '@evcharge/domain/charging';
import { AppError, type ErrorCode } from '@evcharge/domain/errors';
import { cardHoldMinor } from '@evcharge/domain/payments';
import { chargingSessions } from '../db/schema/charging';
import { lockUser, openBalanceSessionsCost, walletBalanceMinor } from '../modules/ledger';
import { cancelPreparing } from '../modules/sessions';
import {
  captureSession,
  defaultCard,
  holdForSession,
  releaseSessionHold,
  sessionPaymentOf,
} from '../modules/payments';
import { finishSession, findPlacedSession } from '../modules/sessions';
import type { MoneyDeps } from './money-deps';
import { allDone } from './money-model';

// One charging session's money, without a charge point: the start as PUT /charge decides how
// it is paid (modules/sessions/start.ts), the card's hold, and its end as finishSession posts
// it, each step through the real functions and some of them twice at once (a repeated
// StopTransaction, the sweep's capture beside finishSession's, a double cancel).

export type SessionEnding =
  /** StopTransaction: the cost is posted and, paid by card, captured from the hold. */
  | 'finish'
  /** The start does not happen (rejected, timed out): a hold is released. */
  | 'cancel'
  /** The bank lets the hold go before the end (it expired): nothing to capture, all debt. */
  | 'expire';

export type SessionPlan = {
  /** The cost as thousandths of what the session may cost (its funds cap). */
  permille: number;
  /** Thousandths past the cap the session runs over (parking after the stop). */
  overshootPermille: number;
  ending: SessionEnding;
};

export type SessionOutcome = {
  refused?: ErrorCode;
  sessionId?: string;
  method?: 'balance' | 'card';
  capMinor: number;
  costMinor: number;
  capturedMinor: number;
};

/** The start's choice (start.ts paymentFor): balance, else the default card, else refused. */
async function prepare(
  deps: MoneyDeps,
  userId: string,
  place: { connectorId: string; tariffId: string },
) {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const balance = await walletBalanceMinor(tx, { kind: 'user_wallet', userId }, 'rub');
    if (balance < 0) return { refused: 'DEBT_BLOCKS' as const };
    const available = balance - (await openBalanceSessionsCost(tx, userId));
    const card =
      available >= minStartBalanceMinor('rub') ? undefined : await defaultCard(tx, userId);
    if (card?.status === 'blocked') return { refused: 'CARD_BLOCKED' as const };
    if (!card && available < minStartBalanceMinor('rub'))
      return { refused: 'INSUFFICIENT_FUNDS' as const };
    const method = card ? ('card' as const) : ('balance' as const);
    const capMinor = card ? cardHoldMinor('rub') : available;
    const [session] = await tx
      .insert(chargingSessions)
      .values({
        userId,
        connectorId: place.connectorId,
        tariffId: place.tariffId,
        currency: 'rub',
        paymentMethod: method,
        fundsCapMinor: capMinor,
        status: 'preparing',
        idTag: `PROP${randomBytes(8).toString('hex')}`.slice(0, 20),
        startDeadlineAt: new Date(Date.now() + 10 * 60_000),
      })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    return { session, card, method, capMinor };
  });
}

/** Runs one session to its end; what it cost and what the card paid of it. */
export async function runSession(
  deps: MoneyDeps,
  userId: string,
  place: { connectorId: string; tariffId: string },
  plan: SessionPlan,
): Promise<SessionOutcome> {
  const prepared = await prepare(deps, userId, place);
  if ('refused' in prepared)
    return { refused: prepared.refused, capMinor: 0, costMinor: 0, capturedMinor: 0 };
  const { session, card, method, capMinor } = prepared;
  const outcome = { sessionId: session.id, method, capMinor, costMinor: 0, capturedMinor: 0 };
  if (card) {
    try {
      await holdForSession(deps, session, card, capMinor);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await cancelPreparing(deps, session.id, 'payment');
      return { ...outcome, refused: error.code };
    }
  }
  if (plan.ending === 'cancel') {
    await allDone([
      cancelPreparing(deps, session.id, 'rejected'),
      cancelPreparing(deps, session.id, 'rejected'),
      releaseSessionHold(deps, session.id),
    ]);
    return outcome;
  }

  const costMinor = Math.floor((capMinor * (plan.permille + plan.overshootPermille)) / 1000);
  await deps.db
    .update(chargingSessions)
    .set({
      status: 'charging',
      startedAt: new Date(Date.now() - 60_000),
      lastEnergyAt: new Date(),
      meterStartWh: 0,
    })
    .where(eq(chargingSessions.id, session.id));
  const hold = card ? await sessionPaymentOf(deps.db, session.id) : undefined;
  if (plan.ending === 'expire' && hold?.acquirerPaymentId)
    await deps.sandbox.release({
      idempotencyKey: `bank-expiry:${hold.id}`,
      paymentId: hold.acquirerPaymentId,
    });
  const placed = await findPlacedSession(deps.db, session.id);
  if (!placed) throw new Error('session vanished');
  // The test tariff is 10.00 a kWh: a Wh costs one minor unit.
  const end = {
    chargingEndedAt: new Date(),
    energyWh: costMinor,
    meterStopWh: costMinor,
    stopReason: 'Local',
  };
  const finished = await allDone([
    finishSession(deps, placed, end),
    finishSession(deps, placed, end),
  ]);
  if (finished.filter(Boolean).length !== 1)
    throw new Error('the session did not end exactly once');
  await allDone([
    captureSession(deps, session.id, costMinor),
    captureSession(deps, session.id, costMinor),
  ]);
  const [ended] = await deps.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.id, session.id));
  const paid = card ? await sessionPaymentOf(deps.db, session.id) : undefined;
  return {
    ...outcome,
    costMinor: ended?.costMinor ?? 0,
    capturedMinor: paid?.status === 'succeeded' ? paid.capturedMinor : 0,
  };
}
