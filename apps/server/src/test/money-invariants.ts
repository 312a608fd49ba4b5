import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chargingSessions } from '../db/schema/charging';
import {
  balanceOperations,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
} from '../db/schema/money';
import { sandboxPayments } from '../db/schema/sandbox-acquirer';
import { expectLedgerBalanced } from './charging';
import type { TestServer } from './harness';

// What the books must say after any sequence of money operations (the ledger always
// sums to zero, no balance goes below zero where the rules forbid it, every amount is
// accounted for), each read from the database on its own terms: the ledger, our operations
// and sessions, and the sandbox acquirer's books.

type Operation = typeof balanceOperations.$inferSelect;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Every transaction balances on its own, and no reference is credited twice per kind. */
export async function expectLedgerSound(server: TestServer) {
  await expectLedgerBalanced(server);
  const unbalanced = await server.db
    .select({ id: ledgerPostings.transactionId })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.transactionId, ledgerPostings.currency)
    .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`);
  expect(unbalanced, 'unbalanced ledger transactions').toEqual([]);
  const twice = await server.db
    .select({ kind: ledgerTransactions.kind, reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .groupBy(ledgerTransactions.kind, ledgerTransactions.reference)
    .having(sql`count(*) > 1`);
  expect(twice, 'references credited twice').toEqual([]);
}

/** The wallet postings of a driver, each with its transaction's kind and reference. */
async function walletPostings(server: TestServer, userId: string) {
  return server.db
    .select({
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      amountMinor: ledgerPostings.amountMinor,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
}

/**
 * A driver's wallet, posting by posting, is what the operations and sessions say it is: each
 * posting is one that an operation or a session explains, with its amount, and none is missing.
 */
export async function expectWalletAccounted(server: TestServer, userId: string) {
  const operations = await server.db
    .select()
    .from(balanceOperations)
    .where(eq(balanceOperations.userId, userId));
  const sessions = await server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.userId, userId));
  const expected: { kind: string; reference: string; amountMinor: number }[] = [];
  for (const op of operations) {
    const credited = op.status === 'succeeded';
    if (op.orderType === 'TopUpBalance' && credited)
      expected.push({ kind: 'top_up', reference: op.id, amountMinor: op.amountMinor });
    if (op.orderType === 'PayDebt' && credited)
      expected.push({ kind: 'debt_payment', reference: op.id, amountMinor: op.amountMinor });
    if (op.orderType === 'SessionPayment' && credited && op.capturedMinor > 0)
      expected.push({ kind: 'card_payment', reference: op.id, amountMinor: op.capturedMinor });
    if (op.orderType === 'Refund') {
      expected.push({ kind: 'refund', reference: op.id, amountMinor: -op.amountMinor });
      if (op.status === 'failed')
        expected.push({
          kind: 'adjustment',
          reference: `refund-declined:${op.id}`,
          amountMinor: op.amountMinor,
        });
    }
  }
  for (const session of sessions) {
    if (session.status === 'success' && session.costMinor > 0)
      expected.push({
        kind: 'charge_payment',
        reference: session.id,
        amountMinor: -session.costMinor,
      });
  }
  const order = (a: { kind: string; reference: string | null }, b: typeof a) =>
    `${a.kind}:${a.reference}`.localeCompare(`${b.kind}:${b.reference}`);
  const postings = await walletPostings(server, userId);
  expect(postings.sort(order), 'wallet postings').toEqual(expected.sort(order));

  // The sum the formula gives is the wallet: nothing else moved it.
  const credits = sum(
    expected.filter((e) => e.amountMinor > 0 && e.kind !== 'adjustment').map((e) => e.amountMinor),
  );
  const refunds = sum(
    operations
      .filter((op) => op.orderType === 'Refund' && op.status !== 'failed')
      .map((op) => op.amountMinor),
  );
  const costs = sum(sessions.filter((s) => s.status === 'success').map((s) => s.costMinor));
  const wallet = sum(postings.map((p) => p.amountMinor));
  expect(wallet, 'wallet = credits − refunds − session costs').toBe(credits - refunds - costs);
  // Refunds and top-ups never take a wallet below zero: only session costs make debt.
  expect(credits - refunds, 'what refunds left of the credits').toBeGreaterThanOrEqual(0);
  expectRefundsCovered(operations);
  expectSessionsPaid(sessions, operations);
}

/** No top-up gives back more than it brought; what it gave back is its refunds' sum. */
function expectRefundsCovered(operations: Operation[]) {
  const topUps = operations.filter((op) => op.orderType === 'TopUpBalance');
  for (const topUp of topUps) {
    const refunds = operations.filter(
      (op) => op.orderType === 'Refund' && op.refundOfId === topUp.id,
    );
    const given = sum(
      refunds.filter((op) => op.status === 'succeeded').map((op) => op.amountMinor),
    );
    const asked = sum(refunds.filter((op) => op.status !== 'failed').map((op) => op.amountMinor));
    expect(topUp.refundedMinor, `refunded of top-up ${topUp.id}`).toBe(given);
    expect(asked, `refunds of top-up ${topUp.id}`).toBeLessThanOrEqual(topUp.capturedMinor);
    if (refunds.length > 0) expect(topUp.status).toBe('succeeded');
  }
  const orphans = operations.filter(
    (op) => op.orderType === 'Refund' && !topUps.some((topUp) => topUp.id === op.refundOfId),
  );
  expect(orphans, 'refunds of no top-up').toEqual([]);
}

/** A card session's hold is final once the session is, and took at most the hold and the cost. */
function expectSessionsPaid(
  sessions: (typeof chargingSessions.$inferSelect)[],
  operations: Operation[],
) {
  for (const session of sessions) {
    const holds = operations.filter((op) => op.sessionId === session.id);
    if (session.paymentMethod !== 'card') {
      expect(holds, `holds of balance session ${session.id}`).toEqual([]);
      continue;
    }
    expect(holds).toHaveLength(1);
    const hold = holds[0]!;
    expect(['pending', 'held'], `hold of ended session ${session.id}`).not.toContain(hold.status);
    expect(hold.capturedMinor).toBeLessThanOrEqual(Math.min(hold.amountMinor, session.costMinor));
    if (session.status === 'cancelled') expect(hold.capturedMinor).toBe(0);
    if (hold.status === 'succeeded')
      expect(hold.capturedMinor).toBe(Math.min(hold.amountMinor, session.costMinor));
  }
}

/** The sandbox acquirer's books say what ours say, payment by payment. */
export async function expectAcquirerAgrees(server: TestServer, userIds: string[]) {
  const operations = await server.db
    .select()
    .from(balanceOperations)
    .where(inArray(balanceOperations.userId, userIds));
  const paymentIds = operations.flatMap((op) =>
    op.acquirerPaymentId ? [op.acquirerPaymentId] : [],
  );
  const bank = new Map(
    (
      await server.db.select().from(sandboxPayments).where(inArray(sandboxPayments.id, paymentIds))
    ).map((row) => [row.id, row]),
  );
  for (const op of operations) {
    if (!op.acquirerPaymentId) {
      expect(op.status, `operation ${op.id} never reached the acquirer`).toBe('pending');
      continue;
    }
    const payment = bank.get(op.acquirerPaymentId);
    const label = `${op.orderType} ${op.id}`;
    expect(payment, label).toBeDefined();
    if (!payment) continue;
    expect(payment.status, label).toBe(op.status);
    expect(payment.capturedMinor, label).toBe(op.capturedMinor);
    if (op.orderType === 'TopUpBalance')
      expect(payment.refundedMinor, label).toBe(op.refundedMinor);
    if (op.orderType === 'Refund') {
      const parent = operations.find((other) => other.id === op.refundOfId);
      expect(payment.parentId, label).toBe(parent?.acquirerPaymentId);
      expect(payment.amountMinor, label).toBe(op.amountMinor);
    } else if (op.orderType !== 'CardBinding') {
      expect(payment.amountMinor, label).toBe(op.amountMinor);
    }
  }
}
