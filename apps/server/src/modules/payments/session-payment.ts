import type { chargingSessions } from '../../db/schema/charging';
import { captureHold, holdOnCard } from './holds';
import { askAcquirer, isFinal, type PaymentDeps } from './operations';
import { sessionPaymentOf, type Operation } from './repo';
import { applyOutcome, settleOperation } from './settlement';

// A session paid by card (SPEC §1, §5 minimum balance): when the balance is short, the default card is held at
// the start; the hold is released when the start fails, and the session's cost is captured
// from it at the end (at most the hold: the server stops the session before its cost passes
// the hold). What the capture does not cover stays on the balance as debt.

type Session = Pick<typeof chargingSessions.$inferSelect, 'id' | 'userId' | 'currency'>;

/** Holds `amountMinor` on the card for the session; a decline is answered as its code. */
export function holdForSession(
  deps: PaymentDeps,
  session: Session,
  card: { id: string; token: string },
  amountMinor: number,
): Promise<Operation> {
  return holdOnCard(
    deps,
    {
      orderType: 'SessionPayment',
      sessionId: session.id,
      userId: session.userId,
      currency: session.currency,
      description: `${deps.brand.title}: charging session`,
    },
    card,
    amountMinor,
  );
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
  return captureHold(deps, await sessionPaymentOf(deps.db, sessionId), costMinor);
}
