import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useBalanceQuery, useCardsQuery } from '@/lib/money-query';
import { paymentPaths } from '../model/payment-paths';
import { BalanceHero } from './balance-hero';
import { OperationsList } from './operations-list';
import { RefundSection } from './refund-section';
import { TopUpForm } from './top-up-form';
import './payments.css';
import './wallet.css';

/** balance: the wallet. The balance or the debt, a top-up, a refund, and the operations. */
export function WalletPage() {
  const { t } = useTranslation('payments');
  const balance = useBalanceQuery();
  const cards = useCardsQuery();
  useDocumentTitle(t('payments:wallet.title'));

  return (
    <div className="money money--wide" data-testid="wallet-page">
      <header className="money__header">
        <h1>{t('payments:wallet.title')}</h1>
        <nav className="money__links" aria-label={t('payments:moreNav')}>
          <ButtonLink to={paymentPaths.cards} variant="secondary" icon="card" data-testid="wallet-cards-link">{t('payments:cards.title')}</ButtonLink>
          <ButtonLink to={paymentPaths.receipts} variant="secondary" icon="document" data-testid="wallet-receipts-link">{t('payments:receipts.title')}</ButtonLink>
        </nav>
      </header>
      {balance.isPending && <Spinner label={t('common:loading')} />}
      {balance.isError && (
        <div className="stack">
          <Alert tone="error" testId="wallet-error"><p>{errorText(t, balance.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void balance.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {balance.data && (
        <div className="wallet">
          <div className="wallet__column">
            <BalanceHero balance={balance.data} />
            {!balance.data.isCompany && <TopUpForm balance={balance.data} cards={cards.data ?? []} />}
            {!balance.data.isCompany && <RefundSection balance={balance.data} />}
          </div>
          <div className="wallet__column">
            <OperationsList />
          </div>
        </div>
      )}
    </div>
  );
}
