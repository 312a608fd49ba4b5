import { useTranslation } from 'react-i18next';
import type { Company } from '@evcharge/api/companies/companies';
import { useFormat } from '@/lib/format';

/** A company in the profile list: who pays, its balance, the driver's role and its contact. */
export function CompanyDescription({ company }: { company: Company }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  return (
    <span className="multiaccount__facts">
      <span>{t('settings:profiles.companyHint')}</span>
      <span className="multiaccount__balance" data-testid="multiaccount-company-balance">
        {t('settings:profiles.balance', {
          amount: format.money(company.balanceMinor, company.currency),
        })}
      </span>
      {company.balanceMinor <= 0 && (
        <span className="multiaccount__warning">{t('errors:COMPANY_BALANCE_INSUFFICIENT')}</span>
      )}
      <span>{t(`settings:profiles.role.${company.role}`)}</span>
      {company.notificationContact && (
        <span>
          {t(`settings:profiles.contact.${company.notificationType}`, {
            value: company.notificationContact,
          })}
        </span>
      )}
    </span>
  );
}
