import { AppError } from '@evcharge/domain/errors';
import type { Currency } from '@evcharge/domain/currency';
import {
  askAcquirer,
  createOperation,
  declineError,
  isFinal,
  type PaymentDeps,
} from './operations';
import type { Operation } from './repo';
import { applyOutcome, settleOperation } from './settlement';

// A card hold for something whose cost is known only at its end (a session, a reservation):
// held first, then captured for what it cost (at most the hold) or released. One place for
// both, so they are held, captured and retried alike.

type HoldFor =
  | { orderType: 'SessionPayment'; sessionId: string }
  | { orderType: 'ReservationPayment'; reservationId: string };

/** Holds `amountMinor` on the card; a decline is answered as its code. */
export async function holdOnCard(
  deps: PaymentDeps,
  what: HoldFor & { userId: string; currency: Currency; description: string },
  card: { id: string; token: string },
  amountMinor: number,
): Promise<Operation> {
  const { description, ...values } = what;
  const operation = await createOperation(deps, { ...values, amountMinor, cardId: card.id });
  const outcome = await askAcquirer(() =>
    deps.acquirer.hold({
      idempotencyKey: operation.idempotencyKey,
      cardToken: card.token,
      amountMinor,
      currency: what.currency,
      description,
    }),
  );
  if (!outcome) throw new AppError('ACQ22', { details: { operationId: operation.id } });
  const held = await applyOutcome(deps, operation.id, outcome);
  if (held.status !== 'held') throw declineError(held);
  return held;
}

/**
 * Takes `costMinor` from the hold, at most what it holds; nothing to take releases it. An
 * operation the acquirer has not answered yet is asked again instead (the sweep retries).
 */
export async function captureHold(
  deps: PaymentDeps,
  operation: Operation | undefined,
  costMinor: number,
) {
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
