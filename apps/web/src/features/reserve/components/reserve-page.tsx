import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { ReservationList } from './reservation-list';
import { ReservationView } from './reservation-view';
import { ReserveConnector } from './reserve-connector';
import './reserve.css';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readNumber(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * reserve (SPEC §2): `?station=<id>&connector=<number>` reserves that connector, `?id=<guid>`
 * shows one reservation, and without either the driver's current and past reservations.
 */
export function ReservePage() {
  const { t } = useTranslation('reserve');
  const [params] = useSearchParams();
  const id = params.get('id');
  const stationId = params.get('station') ?? '';
  const connector = readNumber(params.get('connector'));
  useDocumentTitle(id ? t('reserve:view.title') : connector !== null ? t('reserve:form.title') : t('reserve:list.title'));
  if (id) return <ReservationView id={id} />;
  if (GUID.test(stationId) && connector !== null) return <ReserveConnector stationId={stationId} number={connector} />;
  return <ReservationList />;
}
