import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { ledgerAccounts, ledgerPostings } from '../../db/schema/money';
import { companies, users } from '../../db/schema/users';
import type { Payer } from './payer';

// A payer's wallet and what holds against it: its balance, the driver's lock for money
// checks under concurrency, and the open sessions that will still cost. A negative wallet is
// debt (SPEC §8 'Unpaid orders or debt block continuing').

/** The sum of a payer's postings in a currency; 0 before the first. */
function walletBalanceQuery(
  db: Db,
  payer: Payer | { kind: 'user_wallet'; userId: SQL },
  currency: Currency | SQL,
) {
  const owner =
    payer.kind === 'user_wallet'
      ? eq(ledgerAccounts.userId, payer.userId)
      : eq(ledgerAccounts.companyId, payer.companyId);
  return db
    .select({
      total: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerAccounts.kind, payer.kind), owner, eq(ledgerAccounts.currency, currency)));
}

export async function walletBalanceMinor(db: Db, payer: Payer, currency: Currency) {
  const [row] = await walletBalanceQuery(db, payer, currency);
  return Number(row?.total ?? 0);
}

/**
 * The currency a payer's wallet is kept in (SPEC §3): the driver's, or their company's for a
 * corporate profile; undefined when there is no such payer.
 */
export async function payerCurrency(db: Db, payer: Payer): Promise<Currency | undefined> {
  const [row] =
    payer.kind === 'user_wallet'
      ? await db.select({ currency: users.currency }).from(users).where(eq(users.id, payer.userId))
      : await db
          .select({ currency: companies.currency })
          .from(companies)
          .where(eq(companies.id, payer.companyId));
  return row?.currency;
}

/**
 * Locks the driver's row until the transaction ends: starts of one driver run one after
 * another, so the simultaneous-sessions limit and the balance check hold under concurrency.
 */
export async function lockUser(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      accountType: users.accountType,
      activeCompanyId: users.activeCompanyId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function openSessionCount(db: Db, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    );
  return row?.count ?? 0;
}

function openBalanceSessionsCostQuery(
  tx: Db,
  userId: string | SQL,
  exceptSessionId?: string | SQL,
) {
  return tx
    .select({
      total: sql<string>`coalesce(sum(${chargingSessions.costMinor}), 0)`.mapWith(Number),
    })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        eq(chargingSessions.paymentMethod, 'balance'),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
        exceptSessionId ? ne(chargingSessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** What the driver's open sessions paid from the balance cost so far (less one, if named). */
export async function openBalanceSessionsCost(tx: Db, userId: string, exceptSessionId?: string) {
  const [row] = await openBalanceSessionsCostQuery(tx, userId, exceptSessionId);
  return Number(row?.total ?? 0);
}

/**
 * What a session paid from the driver's balance may cost, as an expression another statement
 * selects (the MeterValues path asks it with its write, per written row): the wallet's balance
 * less the cost of the driver's other open balance sessions. The arguments are values or
 * columns of that statement's rows.
 */
export function balanceCapSql(db: Db, userId: SQL, currency: SQL, sessionId: SQL): SQL {
  const wallet = walletBalanceQuery(db, { kind: 'user_wallet', userId }, currency);
  const others = openBalanceSessionsCostQuery(db, userId, sessionId);
  return sql`((${wallet}) - (${others}))`;
}
