import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { UserRow } from '../../plugins/auth';
import { lockUser, walletBalanceMinor } from '../ledger';
import { askAcquirer, createOperation, paymentResult, type PaymentDeps } from './operations';
import { personalOnly } from './pay';
import { takeForRefund } from './postings';
import { refundableMinor, refundPlan } from './refund-plan';
import type { Operation } from './repo';
import { applyOutcome } from './settlement';

/**
 * Gives balance back to the cards it came from, newest top-ups last. The money leaves the
 * balance in the same transaction that records the refunds, with the driver's row locked,
 * so two refunds at once cannot give the same money back twice.
 */
export async function refund(deps: PaymentDeps, user: UserRow, amountMinor: number) {
  personalOnly(user);
  const planned = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const balance = await walletBalanceMinor(tx, { kind: 'user_wallet', userId: user.id }, user.currency);
    const refundable = await refundableMinor({ ...deps, db: tx }, user, balance);
    const plan = await refundPlan({ ...deps, db: tx }, user);
    if (amountMinor > refundable)
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ path: 'amountMinor', rule: rule.amount }],
        details: { refundableMinor: refundable },
      });
    const operations: Operation[] = [];
    let rest = amountMinor;
    for (const entry of plan) {
      if (rest === 0) break;
      const part = Math.min(rest, entry.left);
      rest -= part;
      const operation = await createOperation(
        deps,
        {
          userId: user.id,
          orderType: 'Refund',
          amountMinor: part,
          currency: user.currency,
          cardId: entry.row.cardId,
          refundOfId: entry.row.id,
        },
        tx,
      );
      await takeForRefund(tx, operation);
      operations.push(operation);
    }
    return { operations, plan };
  });
  const results: PaymentResult[] = [];
  for (const operation of planned.operations) {
    const topUp = planned.plan.find((entry) => entry.row.id === operation.refundOfId)?.row;
    const outcome = await askAcquirer(() =>
      deps.acquirer.refund({
        idempotencyKey: operation.idempotencyKey,
        paymentId: topUp?.acquirerPaymentId ?? '',
        amountMinor: operation.amountMinor,
      }),
    );
    const settled = outcome ? await applyOutcome(deps, operation.id, outcome) : operation;
    results.push(await paymentResult(deps.db, settled));
  }
  return {
    refundedMinor: results
      .filter((result) => result.status === 'succeeded')
      .reduce((sum, result) => sum + result.amountMinor, 0),
    operations: results,
  };
}
