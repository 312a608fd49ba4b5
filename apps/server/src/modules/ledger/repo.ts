import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  type LedgerAccountKind,
} from '../../db/schema/money';
import { users } from '../../db/schema/users';

export type AccountOwner = { kind: LedgerAccountKind; userId?: string; companyId?: string };
export type TransactionKind = (typeof ledgerTransactions.$inferInsert)['kind'];

/** Creates the account unless it exists (the unique index decides under concurrency). */
export async function insertAccountIfMissing(db: Db, owner: AccountOwner, currency: Currency) {
  await db
    .insert(ledgerAccounts)
    .values({
      kind: owner.kind,
      userId: owner.userId ?? null,
      companyId: owner.companyId ?? null,
      currency,
    })
    .onConflictDoNothing();
}

export async function findAccountId(db: Db, owner: AccountOwner, currency: Currency) {
  const userId = owner.userId ?? null;
  const companyId = owner.companyId ?? null;
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
  return account?.id;
}

export async function insertTransaction(
  db: Db,
  values: { kind: TransactionKind; reference: string; description?: string },
): Promise<string> {
  const [transaction] = await db
    .insert(ledgerTransactions)
    .values(values)
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error('ledger transaction insert returned nothing');
  return transaction.id;
}

export async function insertPosting(
  db: Db,
  values: { transactionId: string; accountId: string; currency: Currency; amountMinor: number },
): Promise<void> {
  await db.insert(ledgerPostings).values(values);
}

/** The sum of the postings on a user's wallet in one currency; 0 before the first posting. */
export async function userWalletBalanceMinor(
  db: Db,
  userId: string,
  currency: Currency,
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'user_wallet'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The currency of the driver's own wallet (SPEC §3 user currency); undefined: no such driver. */
export async function walletCurrencyOf(db: Db, userId: string): Promise<Currency | undefined> {
  const [row] = await db.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
  return row?.currency;
}
