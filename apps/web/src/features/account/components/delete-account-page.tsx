import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { SupportInfo } from '@/components/support-info';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useFormat } from '@/lib/format';
import { useDeleteAccountMutation, useDeletionCheckQuery } from '../api/account-api';
import './account.css';

type Check = NonNullable<ReturnType<typeof useDeletionCheckQuery>['data']>;

/** What stands in the way, with the way forward (SPEC §4: pay the debt; support returns money). */
function Blocked({ check }: { check: Check }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  if (check.blocker === 'debt') {
    return (
      <div className="stack">
        <Alert tone="error" title={t('profile:account.delete.debtTitle')} testId="delete-blocked-debt">
          <p>{t('profile:account.delete.debtText', { amount: format.money(check.debtMinor, check.currency) })}</p>
        </Alert>
        <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="delete-pay-debt">
          {t('profile:account.delete.payDebt')}
        </ButtonLink>
      </div>
    );
  }
  if (check.blocker === 'balance') {
    return (
      <div className="stack">
        <Alert tone="warning" title={t('profile:account.delete.balanceTitle')} testId="delete-blocked-balance">
          <p>{t('profile:account.delete.balanceText', { amount: format.money(check.balanceMinor, check.currency) })}</p>
        </Alert>
        <SupportInfo />
      </div>
    );
  }
  return (
    <div className="stack">
      <Alert tone="warning" title={t('profile:account.delete.sessionTitle')} testId="delete-blocked-session">
        <p>{t('profile:account.delete.sessionText')}</p>
      </Alert>
      <ButtonLink to={paths.charging} variant="primary" icon="bolt">{t('profile:account.delete.openSession')}</ButtonLink>
    </div>
  );
}

/** Step 1: what goes and what stays, and a conscious "I understand". */
function StepExplain({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('profile');
  const [understood, setUnderstood] = useState(false);
  return (
    <Card title={t('profile:account.delete.step1Title')} testId="delete-step-1">
      <p>{t('profile:account.delete.removedIntro')}</p>
      <ul className="account__list">
        <li>{t('profile:account.delete.removedPerson')}</li>
        <li>{t('profile:account.delete.removedThings')}</li>
        <li>{t('profile:account.delete.removedChat')}</li>
        <li>{t('profile:account.delete.removedDevices')}</li>
      </ul>
      <p className="muted">{t('profile:account.delete.kept')}</p>
      <Checkbox label={t('profile:account.delete.understand')} checked={understood}
        onChange={(event) => setUnderstood(event.currentTarget.checked)} data-testid="delete-understand" />
      <div className="account__actions">
        <ButtonLink to={paths.profileSettings} variant="secondary">{t('profile:account.delete.keep')}</ButtonLink>
        <Button variant="danger" disabled={!understood} onClick={onNext} data-testid="delete-next">
          {t('profile:account.delete.next')}
        </Button>
      </div>
    </Card>
  );
}

/** Step 2: the password, so nobody at an unlocked phone deletes someone else's account. */
function StepConfirm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const remove = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const reveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    try {
      await remove.mutateAsync(password);
      // The end page ends the session once it is on screen: ended here, this signed-in page
      // would still be the one rendered, and the route guard would send the driver home.
      await navigate(paths.accountDeleted, { replace: true, state: { endSession: true } });
    } catch {
      // The error is shown from the mutation's state.
    }
  };

  return (
    <Card title={t('profile:account.delete.step2Title')} testId="delete-step-2">
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <p>{t('profile:account.delete.step2Text')}</p>
        {remove.error && <Alert tone="error" testId="delete-error"><p>{errorText(t, remove.error)}</p></Alert>}
        <Field label={t('profile:account.password.current')} type="password" autoComplete="current-password"
          revealLabels={reveal} value={password} data-testid="delete-password"
          error={missing && !password ? t('validation:required') : undefined}
          onChange={(event) => setPassword(event.currentTarget.value)} />
        <div className="account__actions">
          <Button variant="secondary" onClick={onBack}>{t('profile:account.delete.back')}</Button>
          <Button type="submit" variant="danger" icon="trash" isLoading={remove.isPending} data-testid="delete-confirm">
            {t('profile:account.delete.confirm')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** SPEC §4: account deletion in two steps, blocked by debt or money on the balance. */
export function DeleteAccountPage() {
  const { t } = useTranslation('profile');
  const check = useDeletionCheckQuery();
  const [step, setStep] = useState<1 | 2>(1);
  useDocumentTitle(t('profile:account.delete.title'));

  return (
    <div className="account account--narrow" data-testid="delete-account-page">
      <h1 className="account__title">{t('profile:account.delete.title')}</h1>
      {check.isPending && <Spinner label={t('common:loading')} />}
      {check.isError && <Alert tone="error"><p>{errorText(t, check.error)}</p></Alert>}
      {check.data && !check.data.allowed && <Blocked check={check.data} />}
      {check.data?.allowed && step === 1 && <StepExplain onNext={() => setStep(2)} />}
      {check.data?.allowed && step === 2 && <StepConfirm onBack={() => setStep(1)} />}
    </div>
  );
}
