import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useLoyaltyCardsQuery } from '@/lib/loyalty-query';
import { LoyaltyCardItem } from './loyalty-card-item';

export const newLoyaltyCardPath = withSearch(paths.loyaltyCards, { card: 'new' });

/** The driver's loyalty cards; the empty state says what a card gives. */
export function LoyaltyList() {
  const { t } = useTranslation('loyalty');
  const query = useLoyaltyCardsQuery();
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const cards = query.data ?? [];
  return (
    <div className="loyalty" data-testid="loyalty-page">
      <header className="loyalty__header">
        <div className="loyalty__intro">
          <h1>{t('loyalty:title')}</h1>
          <p className="muted">{t('loyalty:intro')}</p>
        </div>
        {cards.length > 0 && (
          <ButtonLink to={newLoyaltyCardPath} variant="primary" icon="star" data-testid="loyalty-add">{t('loyalty:add')}</ButtonLink>
        )}
      </header>
      {saved && <Alert tone="success" testId="loyalty-saved"><p>{t('loyalty:saved', { name: saved })}</p></Alert>}
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="loyalty-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && cards.length === 0 && (
        <section className="charging-empty loyalty__empty" data-testid="loyalty-empty">
          <span className="charging-empty__icon" aria-hidden="true"><Icon name="star" size={36} /></span>
          <h2>{t('loyalty:empty.title')}</h2>
          <p className="muted">{t('loyalty:empty.text')}</p>
          <ButtonLink to={newLoyaltyCardPath} variant="primary" icon="star" data-testid="loyalty-add">{t('loyalty:add')}</ButtonLink>
        </section>
      )}
      {cards.length > 0 && (
        <section aria-labelledby="loyalty-list-title">
          <h2 id="loyalty-list-title" className="visually-hidden">{t('loyalty:listTitle')}</h2>
          <p className="muted small loyalty__tip">{t('loyalty:tapHint')}</p>
          <ul className="loyalty__list" data-testid="loyalty-list">
            {cards.map((card) => <LoyaltyCardItem key={card.id} card={card} />)}
          </ul>
        </section>
      )}
    </div>
  );
}
