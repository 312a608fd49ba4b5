import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { startCharge } from '@evcharge/api/sessions/start-charge';
import { ledgerPostings } from '../db/schema/money';
import { postTransaction } from '../modules/ledger';
import { signedInUser, type TestUser } from './builders';
import type { TestServer } from './harness';

// Drivers with money for the charging API tests, and the ledger's invariant.

export type Driver = TestUser & { token: string };

let topUps = 0;

/** Puts money on a driver's wallet as a top-up would (the other side is the acquirer). */
export async function topUp(server: Pick<TestServer, 'db'>, userId: string, amountMinor: number) {
  topUps += 1;
  await postTransaction(server.db, {
    kind: 'top_up',
    reference: `test-top-up-${userId}-${topUps}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId }, amountMinor },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -amountMinor },
    ],
  });
}

/** A signed-in driver with `balanceMinor` on the wallet (1,000.00 by default). */
export async function driver(server: TestServer, balanceMinor = 100_000): Promise<Driver> {
  const user = await signedInUser(server);
  if (balanceMinor > 0) await topUp(server, user.id, balanceMinor);
  return user;
}

export async function start(
  server: TestServer,
  who: Driver,
  body: { connectorId: string; limit?: { mode: string; value?: number }; profile?: string },
) {
  return server.call<Charge>(startCharge, {
    token: who.token,
    body: { limit: { mode: 'none' }, ...body },
  });
}

/** DESIGN.md Data: every posting balances; the whole ledger sums to zero per currency. */
export async function expectLedgerBalanced(server: Pick<TestServer, 'db'>) {
  const rows = await server.db
    .select({
      currency: ledgerPostings.currency,
      total: sql<string>`sum(${ledgerPostings.amountMinor})::bigint`.mapWith(Number),
    })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.currency);
  for (const row of rows) expect(row.total, `ledger total in ${row.currency}`).toBe(0);
}
