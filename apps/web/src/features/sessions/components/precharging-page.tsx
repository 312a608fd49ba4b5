import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, stationPath } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useStationQuery } from '@/lib/station-query';
import { PrechargeForm } from './precharge-form';
import '@/components/charge/charge.css';
import './charging.css';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readNumber(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * precharging (SPEC §2): `?station=<id>&connector=<number>`, reached from a connector's start
 * button on the station page (also after a QR code). The station is read live, so a connector
 * taken meanwhile shows it.
 */
export function PrechargingPage() {
  const { t } = useTranslation('charging');
  const [params] = useSearchParams();
  const stationId = params.get('station') ?? '';
  const number = readNumber(params.get('connector'));
  const isValid = GUID.test(stationId) && number !== null;
  const query = useStationQuery(isValid ? stationId : null, true, { isLive: true });
  useDocumentTitle(t('charging:precharging.title'));

  if (isValid && query.isPending) return <Spinner label={t('common:loading')} />;
  if (isValid && query.isError) {
    return (
      <div className="charging-problem stack" data-testid="precharging-error">
        <h1>{t('charging:precharging.title')}</h1>
        <Alert tone="error"><p>{errorText(t, query.error)}</p></Alert>
        <div className="row">
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('charging:toMap')}</ButtonLink>
        </div>
      </div>
    );
  }
  const station = query.data;
  const connector = station?.connectors.find((c) => c.number === number);
  if (!station || !connector) {
    return (
      <div className="charging-problem stack" data-testid="precharging-no-connector">
        <h1>{t('charging:precharging.title')}</h1>
        <Alert tone="warning"><p>{t('charging:precharging.noConnector')}</p></Alert>
        <div className="row">
          {station && <ButtonLink to={stationPath(station.id)} variant="secondary" icon="arrowLeft">{t('charging:precharging.backToStation')}</ButtonLink>}
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('charging:toMap')}</ButtonLink>
        </div>
      </div>
    );
  }
  return <PrechargeForm station={station} connector={connector} />;
}
