import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@evcharge/api/common';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { availableOf, debtOf } from '../model/balance';
import { paymentPaths } from '../model/payment-paths';

/** The balance (or the debt) at a glance, leading to the wallet. */
export function WalletLink({ user }: { user: User }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const debtMinor = debtOf(user);
  return (
    <Link to={paymentPaths.wallet} className={debtMinor > 0 ? 'money-link money-link--debt' : 'money-link'} data-testid="wallet-link">
      <Icon name="wallet" />
      <span>
        <span className="money-link__title">{debtMinor > 0 ? t('payments:wallet.debtTitle') : t('payments:wallet.balanceTitle')}</span>
        <span className="money-link__amount" data-testid="wallet-link-amount">
          {format.money(debtMinor > 0 ? debtMinor : availableOf(user), user.currency)}
        </span>
      </span>
      <span className="money-link__go">{t('payments:wallet.open')}</span>
      <Icon name="chevronRight" className="money-link__chevron" />
    </Link>
  );
}
