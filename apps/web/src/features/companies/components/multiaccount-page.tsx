import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '@evcharge/api/companies/companies';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceGroup, type Choice } from '@/components/ui/choice-group';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useChangeProfileMutation } from '../api/change-multiaccount';
import { useSelfQuery } from '@/lib/self-query';
import { useCompaniesQuery } from '../api/list-companies';
import { CompanyDescription } from './company-description';
import './multiaccount.css';

const PERSONAL = 'personal';

/**
 * multiaccount (SPEC §6): the personal profile and the driver's companies; the one chosen pays
 * for the sessions started from now on (a running session keeps its payer).
 */
export function MultiaccountPage() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const session = useSession();
  const companies = useCompaniesQuery();
  const self = useSelfQuery();
  const change = useChangeProfileMutation();
  useDocumentTitle(t('settings:profiles.title'));

  const user = self.data ?? session?.user;
  const active = user?.activeCompany?.id ?? PERSONAL;
  const items: readonly Company[] = companies.data?.items ?? [];
  const choices: Choice<string>[] = [
    {
      value: PERSONAL,
      label: t('settings:profiles.personal'),
      description: user && (
        <span className="multiaccount__facts">
          <span>{t('settings:profiles.personalHint')}</span>
          <span className="multiaccount__balance">
            {t('settings:profiles.balance', {
              amount: format.money(user.balanceMinor, user.currency),
            })}
          </span>
        </span>
      ),
      testId: 'multiaccount-personal',
    },
    ...items.map((company) => ({
      value: company.id,
      label: company.name,
      description: <CompanyDescription company={company} />,
      testId: `multiaccount-company-${company.id}`,
    })),
  ];

  // A choice made while a switch is still on its way (its answer, then the user's data asked
  // again) is kept and sent once that switch has settled: the last tap wins, none is dropped.
  const queued = useRef<string | null>(null);
  const send = (value: string) =>
    change.mutate(
      value === PERSONAL
        ? { accountType: 'PERSONAL' }
        : { accountType: 'CORPORATE', companyId: value },
      {
        onSettled: () => {
          const next = queued.current;
          queued.current = null;
          if (next !== null) send(next);
        },
      },
    );
  const choose = (value: string) => {
    if (change.isPending) queued.current = value;
    else if (value !== active) send(value);
  };

  return (
    <div className="multiaccount" data-testid="multiaccount-page">
      <header className="multiaccount__intro">
        <h1>{t('settings:profiles.title')}</h1>
        <p className="muted">{t('settings:profiles.lead')}</p>
      </header>
      {companies.isPending && <Spinner label={t('common:loading')} />}
      {companies.isError && (
        <div className="stack">
          <Alert tone="error" testId="multiaccount-error">
            <p>{errorText(t, companies.error)}</p>
          </Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void companies.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
      {companies.data && (
        <ChoiceGroup
          legend={t('settings:profiles.legend')}
          name="profile"
          value={active}
          choices={choices}
          onChange={choose}
          columns={1}
          testId="multiaccount-choices"
        />
      )}
      {companies.data && items.length === 0 && (
        <p className="muted" data-testid="multiaccount-no-companies">
          {t('settings:profiles.noCompanies')}
        </p>
      )}
      <div aria-live="polite">
        {change.isPending && <Spinner label={t('settings:profiles.switching')} />}
        {change.isSuccess && !change.isPending && (
          <Alert tone="success" testId="multiaccount-switched">
            <p>
              {t('settings:profiles.switched', {
                name: change.data.activeCompany?.name ?? t('settings:profiles.personal'),
              })}
            </p>
          </Alert>
        )}
      </div>
      {change.isError && (
        <Alert tone="error" testId="multiaccount-switch-error">
          <p>{errorText(t, change.error)}</p>
        </Alert>
      )}
    </div>
  );
}
