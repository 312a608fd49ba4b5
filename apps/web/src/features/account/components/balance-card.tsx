import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import type { User } from '@evcharge/api/common';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';

/** Balance, or the debt to pay first (a negative balance is debt too, common.ts). */
export function BalanceCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const debtMinor = Math.max(user.debtMinor, user.balanceMinor < 0 ? -user.balanceMinor : 0);
  const balanceMinor = Math.max(user.balanceMinor, 0);
  return (
    <Card title={t('profile:balance.title')} testId="profile-balance">
      <div className="profile__money">
        <Icon name="wallet" size={28} />
        <div>
          <p className="muted small">{t('profile:balance.available')}</p>
          <p className="profile__amount" data-testid="profile-balance-amount">{format.money(balanceMinor, user.currency)}</p>
        </div>
      </div>
      {debtMinor > 0 ? (
        <p className="profile__debt" data-testid="profile-debt">
          <Icon name="alert" size={20} />
          <span>{t('profile:balance.debt', { amount: format.money(debtMinor, user.currency) })}</span>
        </p>
      ) : (
        <p className="muted small">{t('profile:balance.noDebt')}</p>
      )}
      <div className="profile__money-actions">
        {debtMinor > 0 && (
          <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="profile-pay-debt">
            {t('profile:balance.payDebt')}
          </ButtonLink>
        )}
        <ButtonLink
          to={paths.wallet}
          variant={debtMinor > 0 ? 'secondary' : 'primary'}
          icon="card"
          data-testid="profile-top-up"
        >
          {t('profile:balance.topUp')}
        </ButtonLink>
      </div>
    </Card>
  );
}
