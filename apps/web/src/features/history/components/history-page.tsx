import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { ChargeDetails } from './charge-details';
import { HistoryList } from './history-list';
import '@/components/charge/charge.css';
import './history.css';

function readTransactionId(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** history (SPEC §2): the driver's sessions, and one session's details at `?tx=`. */
export function HistoryPage() {
  const { t } = useTranslation('charging');
  const [params] = useSearchParams();
  const transactionId = readTransactionId(params.get('tx'));
  useDocumentTitle(t('charging:history.title'));
  return transactionId === null ? <HistoryList /> : <ChargeDetails transactionId={transactionId} />;
}
