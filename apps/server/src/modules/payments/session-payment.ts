import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { balanceOperations } from '../../db/schema/money';
import {
  applyOutcome,
  askAcquirer,
  createOperation,
  declineError,
  isFinal,
  settleOperation,
  type Operation,
  type PaymentDeps,
} from './operations';

// A session paid by card (SPEC §1, §5 minimum balance): when the balance is short, the default card is held at
// the start; the hold is released when the start fails, and the session's cost is captured
// from it at the end (at most the hold: the server stops the session before its cost passes
// the hold). What the capture does not cover stays on the balance as debt.

type Session = Pick<typeof chargingSessions.$inferSelect, 'id' | 'userId' | 'currency'>;

export async function sessionPaymentOf(db: Db, sessionId: string) {
  const [operation] = await db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.sessionId, sessionId),
        eq(balanceOperations.orderType, 'SessionPayment'),
      ),
    );
  return operation;
}

/** Holds `amountMinor` on the card for the session; a decline is answered as its code. */
export async function holdForSession(
  deps: PaymentDeps,
  session: Session,
  card: { id: string; token: string },
  amountMinor: number,
): Promise<Operation> {
  const operation = await createOperation(deps, {
    userId: session.userId,
    orderType: 'SessionPayment',
    amountMinor,
    currency: session.currency,
    cardId: card.id,
    sessionId: session.id,
  });
  const outcome = await askAcquirer(() =>
    deps.acquirer.hold({
      idempotencyKey: operation.idempotencyKey,
      cardToken: card.token,
      amountMinor,
      currency: session.currency,
      description: `${deps.brand.title}: charging session`,
    }),
  );
  if (!outcome) throw new AppError('ACQ22', { details: { operationId: operation.id } });
  const held = await applyOutcome(deps, operation.id, outcome);
  if (held.status !== 'held') throw declineError(held);
  return held;
}

/** Lets the hold go (a start that did not happen); the sweep tries again if it fails. */
export async function releaseSessionHold(deps: PaymentDeps, sessionId: string) {
  const operation = await sessionPaymentOf(deps.db, sessionId);
  if (!operation || isFinal(operation)) return operation;
  if (operation.status !== 'held' || !operation.acquirerPaymentId)
    return settleOperation(deps, operation);
  const paymentId = operation.acquirerPaymentId;
  const outcome = await askAcquirer(() =>
    deps.acquirer.release({ idempotencyKey: `release:${operation.id}`, paymentId }),
  );
  return outcome ? applyOutcome(deps, operation.id, outcome) : operation;
}

/** Takes the finished session's cost from the hold (nothing taken: the hold is released). */
export async function captureSession(deps: PaymentDeps, sessionId: string, costMinor: number) {
  const operation = await sessionPaymentOf(deps.db, sessionId);
  if (!operation || isFinal(operation)) return operation;
  if (operation.status !== 'held' || !operation.acquirerPaymentId)
    return settleOperation(deps, operation);
  const paymentId = operation.acquirerPaymentId;
  const amountMinor = Math.min(costMinor, operation.amountMinor);
  const outcome = await askAcquirer(() =>
    amountMinor > 0
      ? deps.acquirer.capture({ idempotencyKey: `capture:${operation.id}`, paymentId, amountMinor })
      : deps.acquirer.release({ idempotencyKey: `release:${operation.id}`, paymentId }),
  );
  return outcome ? applyOutcome(deps, operation.id, outcome) : operation;
}

/**
 * The sweep's part: holds of sessions that ended (captured or released) and operations the
 * acquirer has not answered for a while (asked again, with the same key).
 */
export async function sweepPayments(deps: PaymentDeps, now = new Date()) {
  const ended = await deps.db
    .select({ sessionId: chargingSessions.id, status: chargingSessions.status, cost: chargingSessions.costMinor })
    .from(balanceOperations)
    .innerJoin(chargingSessions, eq(chargingSessions.id, balanceOperations.sessionId))
    .where(
      and(
        eq(balanceOperations.orderType, 'SessionPayment'),
        eq(balanceOperations.status, 'held'),
        inArray(chargingSessions.status, ['success', 'cancelled']),
      ),
    );
  for (const session of ended) {
    if (session.status === 'success') await captureSession(deps, session.sessionId, session.cost);
    else await releaseSessionHold(deps, session.sessionId);
  }
  const open = await deps.db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.status, 'pending'),
        lt(balanceOperations.updatedAt, new Date(now.getTime() - 60_000)),
        // A card page left open for a day is the driver's to finish (the return page settles it).
        gt(balanceOperations.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    )
    .orderBy(balanceOperations.updatedAt)
    .limit(100);
  for (const operation of open) await settleOperation(deps, operation);
}
