import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import * as repo from './repo';
import type { AccountOwner, TransactionKind } from './repo';

/** The ledger account of an owner in a currency, created on first use. */
export async function ledgerAccountId(db: Db, owner: AccountOwner, currency: Currency) {
  await repo.insertAccountIfMissing(db, owner, currency);
  const accountId = await repo.findAccountId(db, owner, currency);
  if (!accountId) throw new Error('ledger account vanished after insert');
  return accountId;
}

export type Posting = { owner: AccountOwner; amountMinor: number };

/**
 * Records one balanced transaction. The database refuses it at commit unless the postings sum
 * to zero (drizzle/0001_constraints.sql), and a repeated `reference` of the same kind.
 */
export async function postTransaction(
  db: Db,
  input: {
    kind: TransactionKind;
    reference: string;
    description?: string;
    currency: Currency;
    postings: Posting[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const transactionId = await repo.insertTransaction(tx, {
      kind: input.kind,
      reference: input.reference,
      description: input.description,
    });
    for (const posting of input.postings) {
      const accountId = await ledgerAccountId(tx, posting.owner, input.currency);
      await repo.insertPosting(tx, {
        transactionId,
        accountId,
        currency: input.currency,
        amountMinor: posting.amountMinor,
      });
    }
    return transactionId;
  });
}
