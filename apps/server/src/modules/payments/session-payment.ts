import { AppError } from '@evcharge/domain/errors';
import type { chargingSessions } from '../../db/schema/charging';
import { askAcquirer, createOperation, declineError, isFinal, type PaymentDeps } from './operations';
import { sessionPaymentOf, type Operation } from './repo';
import { applyOutcome, settleOperation } from './settlement';

// A session paid by card (SPEC §1, §5 minimum balance): when the balance is short, the default card is held at
// the start; the hold is released when the start fails, and the session's cost is captured
// from it at the end (at most the hold: the server stops the session before its cost passes
// the hold). What the capture does not cover stays on the balance as debt.

type Session = Pick<typeof chargingSessions.$inferSelect, 'id' | 'userId' | 'currency'>;

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
