import { isErrorCode } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { AcquirerPayment, AcquirerPaymentStatus } from '../../payments/acquirer';
import { issueOperationReceipt } from '../receipts';
import { updateCard } from './card-repo';
import { keepCard } from './card-store';
import type { PaymentDeps } from './operations';
import { credit, putBackRefund } from './postings';
import { addRefunded, updateOperation, type Operation, type OperationInsert } from './repo';

// One step per status the acquirer can answer, each run by applyOutcome (settlement.ts) in
// its transaction, with the operation's row locked and known to be still open.

export type OutcomeStep = {
  deps: PaymentDeps;
  tx: Db;
  /** The operation as it was locked. */
  operation: Operation;
  outcome: AcquirerPayment;
  now: Date;
};

/** The operation afterwards; `isNew` when its status moved (counted in the metrics). */
export type Applied = { operation: Operation; isNew: boolean };

/** Records the step on the operation, with the acquirer's payment id once known. */
async function record(step: OutcomeStep, set: Partial<OperationInsert>): Promise<Applied> {
  const row = await updateOperation(step.tx, step.operation.id, {
    acquirerPaymentId: step.operation.acquirerPaymentId ?? step.outcome.paymentId,
    updatedAt: step.now,
    ...set,
  });
  if (!row) throw new Error('operation update returned nothing');
  return { operation: row, isNew: set.status !== undefined };
}

/** Still on the acquirer's page or in its queue: only its payment id is kept. */
function pending(step: OutcomeStep) {
  return record(step, {});
}

/** The money is held for a session (what the acquirer held may differ from what was asked). */
function held(step: OutcomeStep) {
  return record(step, { status: 'held', amountMinor: step.outcome.amountMinor });
}

/** Declined: a card the bank blocked is marked so; a refund's money goes back on the wallet. */
async function failed(step: OutcomeStep) {
  const { tx, operation, outcome } = step;
  const errorCode = outcome.errorCode && isErrorCode(outcome.errorCode) ? outcome.errorCode : 'ACQ10';
  if (errorCode === 'CARD_BLOCKED' && operation.cardId)
    await updateCard(tx, operation.cardId, { status: 'blocked' });
  if (operation.orderType === 'Refund') await putBackRefund(tx, operation);
  const result = await record(step, { status: 'failed', errorCode, completedAt: step.now });
  if (operation.orderType === 'ShopOrder')
    await step.deps.purchases.failed({ deps: step.deps, tx, operation: result.operation });
  return result;
}

/** A hold let go: nothing was taken. */
function released(step: OutcomeStep) {
  return record(step, { status: 'released', completedAt: step.now });
}

/** What a succeeded operation credits to the wallet, and what it counts as captured. */
async function creditOf(step: OutcomeStep) {
  const { tx, operation } = step;
  const captured = step.outcome.capturedMinor;
  switch (operation.orderType) {
    case 'TopUpBalance':
      return {
        captured: operation.amountMinor,
        ledgerTransactionId: await credit(tx, operation, 'top_up', operation.amountMinor),
      };
    case 'PayDebt':
      return {
        captured: operation.amountMinor,
        ledgerTransactionId: await credit(tx, operation, 'debt_payment', operation.amountMinor),
      };
    // Like a session paid by card: the card's money comes onto the wallet, and the seller
    // (Purchases.paid) takes its sale from there in the same transaction.
    case 'ShopOrder':
      return {
        captured: operation.amountMinor,
        ledgerTransactionId: await credit(tx, operation, 'card_payment', operation.amountMinor),
      };
    case 'SessionPayment':
    case 'ReservationPayment':
      return {
        captured,
        ledgerTransactionId: captured > 0 ? await credit(tx, operation, 'card_payment', captured) : null,
      };
    case 'Refund':
    case 'CardBinding':
      return { captured, ledgerTransactionId: null };
  }
}

/** Succeeded: what it was for happens now, in this transaction. */
async function succeeded(step: OutcomeStep) {
  const { deps, tx, operation, outcome, now } = step;
  let cardId = operation.cardId;
  if (outcome.card && (operation.orderType === 'CardBinding' || (outcome.cardSaved && !cardId)))
    cardId = await keepCard(tx, operation.userId, deps.acquirer.name, outcome.card);
  const { captured, ledgerTransactionId } = await creditOf(step);
  const result = await record(step, {
    status: 'succeeded',
    cardId,
    capturedMinor: captured,
    ledgerTransactionId,
    completedAt: now,
  });
  if (operation.orderType === 'Refund' && operation.refundOfId)
    await addRefunded(tx, operation.refundOfId, operation.amountMinor, now);
  if (['TopUpBalance', 'PayDebt', 'Refund'].includes(operation.orderType))
    await issueOperationReceipt(tx, deps.brand, operation.id);
  if (operation.orderType === 'ShopOrder')
    await deps.purchases.paid({
      deps,
      tx,
      operation: result.operation,
      card: outcome.card ? { brand: outcome.card.brand, last4: outcome.card.last4 } : null,
    });
  return result;
}

export const outcomeSteps: Record<AcquirerPaymentStatus, (step: OutcomeStep) => Promise<Applied>> = {
  pending,
  held,
  failed,
  released,
  succeeded,
};
