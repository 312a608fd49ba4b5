import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { paymentCards } from '../../db/schema/driver';
import {
  balanceOperations,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  receipts,
} from '../../db/schema/money';
import { shopOrders } from '../../db/schema/shop';

// The queries behind GET /api/balance/operations (operations-list.ts).

const acquirerOperationsOf = (userId: string) =>
  and(eq(balanceOperations.userId, userId), ne(balanceOperations.orderType, 'CardBinding'));

/** The driver's operations through the acquirer, newest first, with card, receipt, session. */
export async function acquirerOperationRows(db: Db, userId: string, take: number) {
  return db
    .select({
      operation: balanceOperations,
      cardBrand: paymentCards.brand,
      cardLast4: paymentCards.last4,
      receiptId: receipts.id,
      transactionId: chargingSessions.transactionId,
    })
    .from(balanceOperations)
    .leftJoin(paymentCards, eq(paymentCards.id, balanceOperations.cardId))
    .leftJoin(
      receipts,
      or(
        eq(receipts.balanceOperationId, balanceOperations.id),
        eq(receipts.shopOrderId, balanceOperations.shopOrderId),
      ),
    )
    .leftJoin(chargingSessions, eq(chargingSessions.id, balanceOperations.sessionId))
    .where(acquirerOperationsOf(userId))
    .orderBy(desc(balanceOperations.createdAt))
    .limit(take);
}

export async function acquirerOperationCount(db: Db, userId: string) {
  const [total] = await db
    .select({ n: count() })
    .from(balanceOperations)
    .where(acquirerOperationsOf(userId));
  return total?.n ?? 0;
}

/**
 * Sessions, reservations and shop orders paid from the balance, adjustments, and what the
 * driver's private stations earned: the wallet's own postings (one paid by card shows as its
 * operation through the acquirer instead).
 */
function walletPostings(db: Db, userId: string) {
  return db
    .select({
      id: ledgerPostings.id,
      kind: ledgerTransactions.kind,
      amountMinor: ledgerPostings.amountMinor,
      currency: ledgerPostings.currency,
      createdAt: ledgerPostings.createdAt,
      transactionId: chargingSessions.transactionId,
      receiptId: receipts.id,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .leftJoin(
      chargingSessions,
      or(
        and(
          eq(ledgerTransactions.kind, 'charge_payment'),
          eq(sql`${chargingSessions.id}::text`, ledgerTransactions.reference),
        ),
        // An owner's earning: `{session}` at its end, `{session}:meter` for a late correction.
        and(
          eq(ledgerTransactions.kind, 'owner_earning'),
          eq(
            sql`${chargingSessions.id}::text`,
            sql`split_part(${ledgerTransactions.reference}, ':', 1)`,
          ),
        ),
      ),
    )
    .leftJoin(
      reservations,
      and(
        eq(ledgerTransactions.kind, 'reservation_payment'),
        eq(sql`${reservations.id}::text`, sql`split_part(${ledgerTransactions.reference}, ':', 1)`),
      ),
    )
    .leftJoin(
      shopOrders,
      and(
        eq(ledgerTransactions.kind, 'shop_payment'),
        eq(sql`${shopOrders.id}::text`, ledgerTransactions.reference),
      ),
    )
    .leftJoin(
      receipts,
      or(
        and(
          eq(ledgerTransactions.kind, 'charge_payment'),
          eq(receipts.sessionId, chargingSessions.id),
          eq(receipts.kind, 'session'),
        ),
        and(
          eq(ledgerTransactions.kind, 'owner_earning'),
          eq(receipts.sessionId, chargingSessions.id),
          eq(receipts.kind, 'station_earning'),
          eq(sql`${chargingSessions.id}::text`, ledgerTransactions.reference),
        ),
        and(eq(receipts.reservationId, reservations.id), eq(receipts.kind, 'reservation')),
        eq(receipts.shopOrderId, shopOrders.id),
      ),
    )
    .where(
      and(
        eq(ledgerAccounts.kind, 'user_wallet'),
        eq(ledgerAccounts.userId, userId),
        sql`(${ledgerTransactions.kind} = 'adjustment' and ${ledgerTransactions.reference} not like 'refund-declined:%'
      or ${ledgerTransactions.kind} = 'charge_payment' and ${chargingSessions.paymentMethod} <> 'card'
      or ${ledgerTransactions.kind} = 'owner_earning'
      or ${ledgerTransactions.kind} = 'reservation_payment' and ${reservations.paymentMethod} <> 'card'
      or ${ledgerTransactions.kind} = 'shop_payment' and ${shopOrders.paymentMethod} = 'balance')`,
      ),
    );
}

export async function walletPostingRows(db: Db, userId: string, take: number) {
  return walletPostings(db, userId).orderBy(desc(ledgerPostings.createdAt)).limit(take);
}

export async function walletPostingCount(db: Db, userId: string) {
  const [total] = await db
    .select({ n: count() })
    .from(walletPostings(db, userId).as('wallet_postings'));
  return total?.n ?? 0;
}
