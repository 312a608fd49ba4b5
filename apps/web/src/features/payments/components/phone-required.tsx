import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';

/** SPEC §5: a card is bound only after the phone is confirmed; the way there is one tap away. */
export function PhoneRequired({ tone = 'warning', testId }: { tone?: 'warning' | 'error'; testId?: string }) {
  const { t } = useTranslation('payments');
  return (
    <Alert tone={tone} title={t('payments:phone.title')} testId={testId}>
      <p>{t('payments:phone.text')}</p>
      <p><Link to={paths.confirmPhone} data-testid="confirm-phone-link">{t('payments:phone.link')}</Link></p>
    </Alert>
  );
}
