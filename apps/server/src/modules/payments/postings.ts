import type { Db } from '../../db/client';
import { postTransaction, type Posting } from '../ledger';
import type { Operation } from './repo';

// What an operation posts to the ledger: money in from the acquirer, and a refund's money
// off the wallet (and back on it when the acquirer declines the refund).

/** The wallet an operation credits: the company's for a company's, else the driver's. */
function walletOf(operation: Operation): Posting['owner'] {
  return operation.companyId
    ? { kind: 'company_wallet', companyId: operation.companyId }
    : { kind: 'user_wallet', userId: operation.userId };
}

/** Money in from the acquirer: clearing gives, the wallet gets. */
export async function credit(
  tx: Db,
  operation: Operation,
  kind: 'top_up' | 'debt_payment' | 'card_payment',
  amountMinor: number,
) {
  return postTransaction(tx, {
    kind,
    reference: operation.id,
    description: `${operation.orderType} ${operation.id}`,
    currency: operation.currency,
    postings: [
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -amountMinor },
      { owner: walletOf(operation), amountMinor },
    ],
  });
}

/**
 * A refund takes the money off the wallet when it is asked for (so it cannot be asked for
 * twice); a refund the acquirer declines puts it back.
 */
export async function takeForRefund(tx: Db, operation: Operation) {
  return postTransaction(tx, {
    kind: 'refund',
    reference: operation.id,
    description: `Refund ${operation.id}`,
    currency: operation.currency,
    postings: [
      { owner: walletOf(operation), amountMinor: -operation.amountMinor },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: operation.amountMinor },
    ],
  });
}

export async function putBackRefund(tx: Db, operation: Operation) {
  return postTransaction(tx, {
    kind: 'adjustment',
    reference: `refund-declined:${operation.id}`,
    description: `Refund ${operation.id} declined: back on the balance`,
    currency: operation.currency,
    postings: [
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -operation.amountMinor },
      { owner: walletOf(operation), amountMinor: operation.amountMinor },
    ],
  });
}
