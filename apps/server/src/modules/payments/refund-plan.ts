import type { UserRow } from '../../plugins/auth';
import { openBalanceSessionsCost } from '../ledger';
import type { PaymentDeps } from './operations';
import { openRefundTotals, refundableTopUps } from './repo';

// What may go back to the cards, and from which top-ups.

/** Refunds still waiting for the acquirer: their money is already off the balance. */
async function openRefundsOf(deps: PaymentDeps, topUpIds: string[]) {
  if (topUpIds.length === 0) return new Map<string, number>();
  const rows = await openRefundTotals(deps.db, topUpIds);
  return new Map(rows.map((row) => [row.of ?? '', row.total]));
}

/** The top-ups by card with money left to give back, oldest first, and how much each. */
export async function refundPlan(deps: PaymentDeps, user: UserRow) {
  const topUps = await refundableTopUps(deps.db, user.id, user.currency);
  const open = await openRefundsOf(
    deps,
    topUps.map((row) => row.id),
  );
  return topUps
    .map((row) => ({ row, left: row.capturedMinor - row.refundedMinor - (open.get(row.id) ?? 0) }))
    .filter((entry) => entry.left > 0);
}

/**
 * What may go back to cards now: the balance less what the driver's open sessions paid from it
 * cost so far, up to what the card payments brought.
 */
export async function refundableMinor(deps: PaymentDeps, user: UserRow, balance: number) {
  const free = balance - (await openBalanceSessionsCost(deps.db, user.id));
  if (free <= 0) return 0;
  const plan = await refundPlan(deps, user);
  return Math.min(
    free,
    plan.reduce((sum, entry) => sum + entry.left, 0),
  );
}
