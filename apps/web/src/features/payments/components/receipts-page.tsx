import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useReceiptsQuery } from '../api/list-receipts';
import { paymentPaths } from '../model/payment-paths';
import { ReceiptItem } from './receipt-item';
import './payments.css';

/** receipts: every receipt of the driver (sessions, top-ups, reservations, debt, refunds). */
export function ReceiptsPage() {
  const { t } = useTranslation('payments');
  const query = useReceiptsQuery();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  useDocumentTitle(t('payments:receipts.title'));

  return (
    <div className="money" data-testid="receipts-page">
      <header className="money__header">
        <div className="money__intro">
          <h1>{t('payments:receipts.title')}</h1>
          <p className="muted">{t('payments:receipts.intro')}</p>
        </div>
        <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="receipts-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && items.length === 0 && (
        <section className="money-empty" data-testid="receipts-empty">
          <span className="money-empty__icon" aria-hidden="true"><Icon name="document" size={36} /></span>
          <h2>{t('payments:receipts.emptyTitle')}</h2>
          <p className="muted">{t('payments:receipts.emptyText')}</p>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('payments:toMap')}</ButtonLink>
        </section>
      )}
      {items.length > 0 && (
        <ul className="receipts" data-testid="receipts-list">
          {items.map((receipt) => <ReceiptItem key={receipt.id} receipt={receipt} />)}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" className="money__more-button" isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()} data-testid="receipts-more">
          {t('payments:showMore', { shown: items.length, total })}
        </Button>
      )}
      {query.isFetchNextPageError && <Alert tone="error"><p>{errorText(t, query.error)}</p></Alert>}
    </div>
  );
}
