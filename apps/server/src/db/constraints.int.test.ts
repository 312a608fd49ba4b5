import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../modules/ledger';
import { createUser } from '../test/builders';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import { generateStations } from '../demo/stations';
import { insertStations } from '../demo/insert-repo';
import { tariffFor } from '../demo/tariffs';
import { isCheckViolation, isExclusionViolation, isUniqueViolation } from './errors';
import { chargingSessions, reservations } from './schema/charging';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './schema/money';
import { users } from './schema/users';

// DESIGN.md Data: invariants live in the database. Each one is proven here, on PGlite and
// (with TEST_DATABASE_URL) on PostgreSQL.
let database: Database;
let userId: string;
const station = generateStations(20, 99).find((s) => s.connectors.length >= 2);
if (!station || station.connectors.length < 2) throw new Error('fixture needs two connectors');
const [first, second] = station.connectors as unknown as [{ id: string }, { id: string }];

beforeAll(async () => {
  database = await openTestDatabase();
  await insertStations(database.db, [station]);
  userId = (await createUser(database.db)).id;
});
afterAll(async () => {
  await database?.close();
});

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse');
}

describe('reservations', () => {
  const at = (hour: number) => new Date(Date.UTC(2030, 0, 1, hour));
  const reserve = (
    connectorId: string,
    from: number,
    to: number,
    status: 'scheduled' | 'active' | 'cancelled' | 'expired' = 'active',
  ) =>
    database.db
      .insert(reservations)
      .values({
        userId,
        connectorId,
        mode: 'period',
        idTag: `T${from}-${to}`,
        paymentMethod: 'balance',
        startsAt: at(from),
        endsAt: at(to),
        status,
        currency: 'rub',
      });

  it('refuses overlapping active reservations of one connector', async () => {
    await reserve(first.id, 10, 12);
    expect(isExclusionViolation(await failure(reserve(first.id, 11, 13)))).toBe(true);
    expect(isExclusionViolation(await failure(reserve(first.id, 9, 11)))).toBe(true);
  });

  it('refuses a period over a chosen one that has not begun yet', async () => {
    await reserve(first.id, 14, 16, 'scheduled');
    expect(isExclusionViolation(await failure(reserve(first.id, 15, 17)))).toBe(true);
    expect(isExclusionViolation(await failure(reserve(first.id, 13, 15, 'scheduled')))).toBe(
      true,
    );
    await reserve(first.id, 13, 15, 'expired');
  });

  it('allows touching periods, other connectors and cancelled ones', async () => {
    await reserve(first.id, 12, 13);
    await reserve(second.id, 10, 12);
    await reserve(first.id, 10, 12, 'cancelled');
  });

  it('refuses a period that ends before it starts', async () => {
    expect(isCheckViolation(await failure(reserve(first.id, 15, 14)))).toBe(true);
  });
});

describe('charging sessions', () => {
  const start = (connectorId: string, status: 'preparing' | 'charging' | 'success' = 'preparing') =>
    database.db
      .insert(chargingSessions)
      .values({
        userId,
        connectorId,
        tariffId: tariffFor(station.tariffKey).tariff.id as string,
        currency: 'rub',
        status,
      })
      .returning({ id: chargingSessions.id, transactionId: chargingSessions.transactionId });

  it('allows one active session per connector, even when started at once', async () => {
    const results = await Promise.allSettled([start(first.id), start(first.id, 'charging')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(isUniqueViolation(refused?.status === 'rejected' ? refused.reason : undefined)).toBe(
      true,
    );
    await start(first.id, 'success');
  });

  it('frees the connector when the session ends and numbers transactions', async () => {
    const [active] = await start(second.id);
    await database.db
      .update(chargingSessions)
      .set({ status: 'success' })
      .where(eq(chargingSessions.id, active?.id ?? ''));
    const [next] = await start(second.id);
    expect(next?.transactionId).toBeGreaterThan(active?.transactionId ?? 0);
  });
});

describe('ledger', () => {
  const wallet = () => ({ kind: 'user_wallet' as const, userId });
  const clearing = { kind: 'acquirer_clearing' as const };

  it('accepts a balanced transaction and refuses an unbalanced one at commit', async () => {
    await postTransaction(database.db, {
      kind: 'top_up',
      reference: 'balanced-1',
      currency: 'rub',
      postings: [
        { owner: wallet(), amountMinor: 1000 },
        { owner: clearing, amountMinor: -1000 },
      ],
    });
    const error = await failure(
      postTransaction(database.db, {
        kind: 'top_up',
        reference: 'unbalanced-1',
        currency: 'rub',
        postings: [
          { owner: wallet(), amountMinor: 1000 },
          { owner: clearing, amountMinor: -999 },
        ],
      }),
    );
    expect(isCheckViolation(error)).toBe(true);
    const [left] = await database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, 'unbalanced-1'));
    expect(left).toBeUndefined();
  });

  it('credits an external reference once', async () => {
    const post = () =>
      postTransaction(database.db, {
        kind: 'top_up',
        reference: 'payment-42',
        currency: 'rub',
        postings: [
          { owner: wallet(), amountMinor: 500 },
          { owner: clearing, amountMinor: -500 },
        ],
      });
    await post();
    expect(isUniqueViolation(await failure(post()))).toBe(true);
  });

  it("keeps a posting in its account's currency and never changes a posting", async () => {
    const [account] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    const [transaction] = await database.db
      .insert(ledgerTransactions)
      .values({ kind: 'adjustment' })
      .returning();
    const wrongCurrency = database.db.insert(ledgerPostings).values({
      transactionId: transaction?.id ?? '',
      accountId: account?.id ?? '',
      currency: 'eur',
      amountMinor: 1,
    });
    expect(await failure(wrongCurrency)).toBeTruthy();
    const change = database.db
      .update(ledgerPostings)
      .set({ amountMinor: 1 })
      .where(eq(ledgerPostings.accountId, account?.id ?? ''));
    expect(isCheckViolation(await failure(change))).toBe(true);
  });
});

describe('users', () => {
  it('stores e-mails lower-case only and once', async () => {
    const upper = database.db
      .insert(users)
      .values({ name: 'X', email: 'Mixed@Example.test', passwordHash: 'x' });
    expect(isCheckViolation(await failure(upper))).toBe(true);
    await database.db
      .insert(users)
      .values({ name: 'X', email: 'once@example.test', passwordHash: 'x' });
    const twice = database.db
      .insert(users)
      .values({ name: 'Y', email: 'once@example.test', passwordHash: 'y' });
    expect(isUniqueViolation(await failure(twice))).toBe(true);
    const result = (await database.db.execute(
      sql`select count(*)::int as n from users where email = 'once@example.test'`,
    )) as { rows: { n: number }[] };
    expect(result.rows[0]?.n).toBe(1);
  });
});
