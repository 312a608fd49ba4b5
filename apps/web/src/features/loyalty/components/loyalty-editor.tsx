import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useLoyaltyCardsQuery } from '@/lib/loyalty-query';
import { useLoyaltyCompaniesQuery } from '../api/list-companies';
import { LoyaltyForm } from './loyalty-form';

/** `?card=new` adds a card, `?card=<id>` changes one; both go back to the list once saved. */
export function LoyaltyEditor({ cardId }: { cardId: string | null }) {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const cards = useLoyaltyCardsQuery();
  const companies = useLoyaltyCompaniesQuery();
  const onSaved = (saved: LoyaltyCard) => navigate(paths.loyaltyCards, { state: { saved: saved.name ?? saved.company.name } });
  const card = cardId === null ? undefined : cards.data?.find((item) => item.id === cardId);
  const loadError = companies.error ?? cards.error;

  function body() {
    if (loadError && !(companies.data && cards.data)) {
      return (
        <div className="stack">
          <Alert tone="error" testId="loyalty-error"><p>{errorText(t, loadError)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void Promise.all([companies.refetch(), cards.refetch()])}>{t('common:retry')}</Button>
        </div>
      );
    }
    if (!companies.data || !cards.data) return <Spinner label={t('common:loading')} />;
    if (cardId !== null && !card) {
      return (
        <Alert tone="warning" testId="loyalty-not-found">
          <p>{t('loyalty:notFound')}</p>
          <ButtonLink to={paths.loyaltyCards} variant="secondary">{t('loyalty:backToList')}</ButtonLink>
        </Alert>
      );
    }
    return <LoyaltyForm key={card?.id ?? 'new'} companies={companies.data} card={card} isFirst={cards.data.length === 0} onSaved={onSaved} />;
  }

  return (
    <div className="loyalty loyalty--narrow">
      <ButtonLink to={paths.loyaltyCards} variant="ghost" icon="arrowLeft" className="charging-back">{t('loyalty:backToList')}</ButtonLink>
      <header className="loyalty__intro">
        <h1>{cardId === null ? t('loyalty:form.addTitle') : t('loyalty:form.editTitle')}</h1>
        {cardId === null && <p className="muted">{t('loyalty:form.addIntro')}</p>}
      </header>
      {body()}
    </div>
  );
}
