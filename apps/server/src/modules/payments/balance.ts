import { maxTopUpMinor } from '@evcharge/domain/payments';
import type { UserRow } from '../../plugins/auth';
import { payerForProfile, walletBalanceMinor } from '../ledger';
import type { PaymentDeps } from './operations';
import { refundableMinor } from './refund-plan';

/** The wallet the screens show: the company's on a corporate profile, else the driver's. */
export async function balanceOf(deps: PaymentDeps, user: UserRow) {
  const payer = payerForProfile(user.id, user);
  const balance = await walletBalanceMinor(deps.db, payer, user.currency);
  const isCompany = payer.kind === 'company_wallet';
  return {
    currency: user.currency,
    balanceMinor: balance,
    debtMinor: Math.max(0, -balance),
    maxTopUpMinor: maxTopUpMinor(user.currency),
    refundableMinor: isCompany ? 0 : await refundableMinor(deps, user, balance),
    isCompany,
  };
}
