import { and, eq, isNull } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  type LedgerAccountKind,
} from '../../db/schema/money';

type AccountOwner = { kind: LedgerAccountKind; userId?: string; companyId?: string };

/** The ledger account of an owner in a currency, created on first use. */
export async function ledgerAccountId(db: Db, owner: AccountOwner, currency: Currency) {
  const userId = owner.userId ?? null;
  const companyId = owner.companyId ?? null;
  await db
    .insert(ledgerAccounts)
    .values({ kind: owner.kind, userId, companyId, currency })
    .onConflictDoNothing();
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, owner.kind),
        userId ? eq(ledgerAccounts.userId, userId) : isNull(ledgerAccounts.userId),
        companyId ? eq(ledgerAccounts.companyId, companyId) : isNull(ledgerAccounts.companyId),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  if (!account) throw new Error('ledger account vanished after insert');
  return account.id;
}

export type Posting = { owner: AccountOwner; amountMinor: number };

/**
 * Records one balanced transaction. The database refuses it at commit unless the postings sum
 * to zero (drizzle/0001_constraints.sql), and a repeated `reference` of the same kind.
 */
export async function postTransaction(
  db: Db,
  input: {
    kind: (typeof ledgerTransactions.$inferInsert)['kind'];
    reference: string;
    description?: string;
    currency: Currency;
    postings: Posting[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [transaction] = await tx
      .insert(ledgerTransactions)
      .values({ kind: input.kind, reference: input.reference, description: input.description })
      .returning({ id: ledgerTransactions.id });
    if (!transaction) throw new Error('ledger transaction insert returned nothing');
    for (const posting of input.postings) {
      const accountId = await ledgerAccountId(tx, posting.owner, input.currency);
      await tx.insert(ledgerPostings).values({
        transactionId: transaction.id,
        accountId,
        currency: input.currency,
        amountMinor: posting.amountMinor,
      });
    }
    return transaction.id;
  });
}
