import { AppError } from '@evcharge/domain/errors';
import type { AcquirerPayment } from '../../payments/acquirer';
import { askAcquirer, isFinal, paymentResult, type PaymentDeps } from './operations';
import { outcomeSteps, type Applied } from './outcomes';
import { lockOperation, operationByAcquirerPayment, operationOf, type Operation } from './repo';

// Settling an operation is one idempotent step, whoever comes first (the answer to our
// request, the return page, the acquirer's notification, the sweep): the operation row is
// locked, a final operation is left alone, and the ledger's unique (kind, reference) would
// refuse a second credit anyway (DESIGN.md: credited once).

/**
 * Applies what the acquirer says about an operation, once. Returns the operation as it is
 * afterwards. Never call it inside another transaction (PGlite has one connection).
 */
export async function applyOutcome(
  deps: PaymentDeps,
  operationId: string,
  outcome: AcquirerPayment,
): Promise<Operation> {
  const changed = await deps.db.transaction(async (tx): Promise<Applied> => {
    const operation = await lockOperation(tx, operationId);
    if (!operation) throw new Error(`operation ${operationId} vanished`);
    if (isFinal(operation)) return { operation, isNew: false };
    if (operation.status === 'held' && outcome.status === 'held') return { operation, isNew: false };
    return outcomeSteps[outcome.status]({ deps, tx, operation, outcome, now: new Date() });
  });
  if (changed.isNew) {
    deps.metrics.paymentOperations.inc({
      type: changed.operation.orderType,
      status: changed.operation.status,
    });
  }
  return changed.operation;
}

/** How long an operation that never reached the acquirer waits before it counts as failed. */
export const UNREACHED_AFTER_MS = 10 * 60_000;

/**
 * Asks the acquirer how an open operation stands and applies it: the return page, the
 * notification and the sweep all come here.
 */
export async function settleOperation(deps: PaymentDeps, operation: Operation): Promise<Operation> {
  if (isFinal(operation)) return operation;
  const outcome = await askAcquirer(() =>
    operation.acquirerPaymentId
      ? deps.acquirer.payment(operation.acquirerPaymentId)
      : deps.acquirer.paymentByKey(operation.idempotencyKey),
  );
  if (outcome) return applyOutcome(deps, operation.id, outcome);
  const neverReached =
    !operation.acquirerPaymentId &&
    Date.now() - operation.createdAt.getTime() > UNREACHED_AFTER_MS;
  if (!neverReached) return operation;
  // Our request never reached the acquirer: nothing moved there; close it.
  return applyOutcome(deps, operation.id, {
    paymentId: `unreached:${operation.id}`,
    status: 'failed',
    amountMinor: operation.amountMinor,
    currency: operation.currency,
    capturedMinor: 0,
    refundedMinor: 0,
    errorCode: 'ACQ5',
    card: null,
    cardSaved: false,
    redirectUrl: null,
  });
}

/** The return page's question: how did it end? Settled with the acquirer first. */
export async function paymentOf(deps: PaymentDeps, userId: string, id: string) {
  const operation = await operationOf(deps.db, id, userId);
  if (!operation) throw new AppError('NOT_FOUND');
  const settled = await settleOperation(deps, operation);
  const page =
    settled.status === 'pending' && settled.acquirerPaymentId
      ? ((await deps.acquirer.payment(settled.acquirerPaymentId))?.redirectUrl ?? null)
      : null;
  return paymentResult(deps.db, settled, page);
}

/** An operation as the API shows it, as it stands now: nothing is asked of the acquirer. */
export async function paymentAsItStands(deps: PaymentDeps, userId: string, id: string) {
  const operation = await operationOf(deps.db, id, userId);
  return operation ? paymentResult(deps.db, operation) : undefined;
}

/** The acquirer's notification: which operation, then the same settling as the return page. */
export async function onCallback(deps: PaymentDeps, paymentId: string) {
  const operation = await operationByAcquirerPayment(deps.db, deps.acquirer.name, paymentId);
  if (!operation) return;
  await settleOperation(deps, operation);
}
