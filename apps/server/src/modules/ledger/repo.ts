import { and, eq, sql } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings } from '../../db/schema/money';

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
