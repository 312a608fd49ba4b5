import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useCardsQuery } from '@/lib/money-query';
import { useSelfQuery } from '@/lib/self-query';
import { paymentPaths } from '../model/payment-paths';
import { BindCard } from './bind-card';
import { CardItem } from './card-item';
import { PhoneRequired } from './phone-required';
import { WalletLink } from './wallet-link';
import './payments.css';
import './cards.css';

/** cards (SPEC §2 "payment methods and bound cards"): the bound cards and binding a new one. */
export function CardsPage() {
  const { t } = useTranslation('payments');
  const cards = useCardsQuery();
  const self = useSelfQuery();
  const isPhoneConfirmed = self.data?.isPhoneConfirmed;
  const items = cards.data ?? [];
  useDocumentTitle(t('payments:cards.title'));

  return (
    <div className="money" data-testid="cards-page">
      <header className="money__header">
        <div className="money__intro">
          <h1>{t('payments:cards.title')}</h1>
          <p className="muted">{t('payments:cards.intro')}</p>
        </div>
      </header>
      {self.data && <WalletLink user={self.data} />}
      {isPhoneConfirmed === false && <PhoneRequired testId="cards-phone-required" />}
      {cards.isPending && <Spinner label={t('common:loading')} />}
      {cards.isError && (
        <div className="stack">
          <Alert tone="error" testId="cards-error"><p>{errorText(t, cards.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void cards.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {cards.data && items.length === 0 && (
        <section className="money-empty" data-testid="cards-empty">
          <span className="money-empty__icon" aria-hidden="true"><Icon name="card" size={36} /></span>
          <h2>{t('payments:cards.emptyTitle')}</h2>
          <p className="muted">{t('payments:cards.emptyText')}</p>
        </section>
      )}
      {items.length > 0 && (
        <section className="stack" aria-labelledby="cards-list-title">
          <h2 id="cards-list-title" className="visually-hidden">{t('payments:cards.listTitle')}</h2>
          <ul className="pay-cards" data-testid="cards-list">
            {items.map((card) => <CardItem key={card.id} card={card} />)}
          </ul>
        </section>
      )}
      {cards.data && <BindCard isPhoneConfirmed={isPhoneConfirmed} hasCards={items.length > 0} />}
      <nav className="money__more" aria-label={t('payments:moreNav')}>
        <Link to={paymentPaths.receipts} className="money-more-link" data-testid="cards-receipts-link">
          <Icon name="document" size={20} />{t('payments:receipts.title')}
        </Link>
      </nav>
    </div>
  );
}
