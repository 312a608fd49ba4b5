import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import type { Balance } from '@/lib/money-query';
import { availableOf, debtOf } from '../model/balance';
import { paymentPaths } from '../model/payment-paths';

/** The money on the balance, or the debt in front of everything else with the way to pay it. */
export function BalanceHero({ balance }: { balance: Balance }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const debtMinor = debtOf(balance);
  if (debtMinor > 0) {
    return (
      <section className="wallet-hero wallet-hero--debt" aria-labelledby="wallet-hero-title" data-testid="wallet-debt">
        <p id="wallet-hero-title" className="wallet-hero__label"><Icon name="alert" size={20} />{t('payments:wallet.debtTitle')}</p>
        <p className="wallet-hero__amount" data-testid="wallet-debt-amount">{format.money(debtMinor, balance.currency)}</p>
        <p>{t('payments:wallet.debtText')}</p>
        <ButtonLink to={paymentPaths.debt} variant="primary" icon="wallet" className="wallet-hero__action" data-testid="wallet-pay-debt">
          {t('payments:wallet.payDebt')}
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="wallet-hero" aria-labelledby="wallet-hero-title" data-testid="wallet-balance">
      <p id="wallet-hero-title" className="wallet-hero__label">
        <Icon name="wallet" size={20} />
        {balance.isCompany ? t('payments:wallet.companyTitle') : t('payments:wallet.balanceTitle')}
      </p>
      <p className="wallet-hero__amount" data-testid="wallet-balance-amount">{format.money(availableOf(balance), balance.currency)}</p>
      {balance.isCompany && <p className="wallet-hero__note" data-testid="wallet-company-note">{t('payments:wallet.companyNote')}</p>}
    </section>
  );
}
