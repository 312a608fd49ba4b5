import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSessionOpen, type Charge } from '@evcharge/api/sessions/charge-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useChargeDetailQuery, useCurrentChargesQuery } from '../api/get-charges';
import { useChargeEvents } from '../model/use-charge-events';
import { NoSession } from './no-session';
import { SessionAnnouncer } from './session-announcer';
import { SessionView } from './session-view';
import { SessionSwitcher } from './session-switcher';
import '@/components/charge/charge.css';
import './charging.css';

function readTransactionId(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** The session to show: the one asked for, else the first open one, else one to close. */
function chosenSession(items: readonly Charge[], asked: number | null): number | null {
  if (asked !== null) return asked;
  return (items.find((item) => isSessionOpen(item.status)) ?? items[0])?.transactionId ?? null;
}

/**
 * charging (SPEC §2): the driver's session live. GET /charge lists the open sessions (and
 * finished ones whose summary is still to close); the long poll keeps them current while the
 * screen is open; `?tx=` picks one when there are several.
 */
export function ChargingPage() {
  const { t } = useTranslation('charging');
  const [params] = useSearchParams();
  const current = useCurrentChargesQuery();
  useChargeEvents();
  const items = current.data ?? [];
  const transactionId = chosenSession(items, readTransactionId(params.get('tx')));
  const detail = useChargeDetailQuery(transactionId);
  useDocumentTitle(t('charging:title'));

  const listed = items.find((item) => item.transactionId === transactionId);
  // Both views follow the long poll; the details also carry the readings for the chart.
  const charge = detail.data ?? listed;
  const receivedAt = detail.data ? detail.dataUpdatedAt : current.dataUpdatedAt;

  if (current.isPending || (transactionId !== null && !charge && detail.isPending)) {
    return <Spinner label={t('common:loading')} />;
  }
  if (!charge) {
    const error = current.error ?? detail.error;
    if (error) {
      return (
        <div className="charging-problem stack" data-testid="charging-error">
          <h1>{t('charging:title')}</h1>
          <Alert tone="error"><p>{errorText(t, error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void Promise.all([current.refetch(), detail.refetch()])}>{t('common:retry')}</Button>
        </div>
      );
    }
    return <NoSession />;
  }
  return (
    <div className="charging" data-testid="charging-page" data-transaction-id={charge.transactionId}>
      <h1 className="visually-hidden">{t('charging:title')}</h1>
      {items.length > 1 && <SessionSwitcher items={items} chosen={charge.transactionId} />}
      <SessionAnnouncer charge={charge} />
      <SessionView charge={charge} samples={detail.data?.samples} receivedAt={receivedAt} />
    </div>
  );
}
