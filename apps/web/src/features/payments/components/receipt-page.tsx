import { matchPath, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useDownloadReceiptMutation } from '../api/download-receipt-pdf';
import { useReceiptQuery } from '../api/get-receipt';
import { paymentPaths } from '../model/payment-paths';
import { ReceiptDocument } from './receipt-document';
import './payments.css';
import './receipt.css';

/** The receipt's id from the route (`receipt/:id`), or from the address if routed otherwise. */
function useReceiptId(): string {
  const params = useParams();
  const { pathname } = useLocation();
  return params.id ?? matchPath(paymentPaths.receipt, pathname)?.params.id ?? '';
}

/** receipt/:id: the printable receipt, to print or to download as PDF. */
export function ReceiptPage() {
  const { t } = useTranslation('payments');
  const id = useReceiptId();
  const query = useReceiptQuery(id);
  const download = useDownloadReceiptMutation();
  const receipt = query.data;
  useDocumentTitle(receipt ? t('payments:receipt.number', { number: receipt.number }) : t('payments:receipt.title'));

  return (
    <div className="money receipt-page" data-testid="receipt-page">
      <div className="receipt-page__bar">
        <ButtonLink to={paymentPaths.receipts} variant="ghost" icon="arrowLeft">{t('payments:receipt.back')}</ButtonLink>
        {receipt && (
          <div className="receipt-page__actions">
            <Button variant="secondary" onClick={() => window.print()} data-testid="receipt-print">{t('payments:receipt.print')}</Button>
            <Button variant="primary" icon="document" isLoading={download.isPending}
              onClick={() => download.mutate({ id: receipt.id, number: receipt.number })} data-testid="receipt-download">
              {t('payments:receipt.download')}
            </Button>
          </div>
        )}
      </div>
      {download.isError && <Alert tone="error" testId="receipt-download-error"><p>{errorText(t, download.error)}</p></Alert>}
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && (
        <div className="stack">
          <Alert tone="error" testId="receipt-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {receipt && <ReceiptDocument receipt={receipt} />}
    </div>
  );
}
