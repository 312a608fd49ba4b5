import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reservationPath } from '@/app/charge-paths';
import { paths, stationPath } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useStationQuery } from '@/lib/station-query';
import { useConnectorReserveQuery } from '../api/connector-reserve';
import { ReserveForm } from './reserve-form';

/** The station and its connector, then the connector's reservation state and the quote. */
export function ReserveConnector({ stationId, number }: { stationId: string; number: number }) {
  const { t } = useTranslation('reserve');
  const station = useStationQuery(stationId, true);
  const connector = station.data?.connectors.find((c) => c.number === number) ?? null;
  const state = useConnectorReserveQuery(connector?.id ?? null);
  const navigate = useNavigate();
  // The driver's own reservation on it: the reservation's screen, not a second one. (An effect,
  // not <Navigate>: that component would join the first load's shared chunk.)
  const mine = state.data?.state === 'mine' ? state.data.reservation : null;
  useEffect(() => {
    if (mine) navigate(reservationPath(mine.id), { replace: true });
  }, [mine, navigate]);

  const failed = station.isError ? station : state.isError ? state : null;
  if (failed) {
    return (
      <div className="reserve reserve--narrow stack" data-testid="reserve-error">
        <h1>{t('reserve:form.title')}</h1>
        <Alert tone="error"><p>{errorText(t, failed.error)}</p></Alert>
        <div className="row">
          <Button variant="secondary" icon="refresh" onClick={() => void failed.refetch()}>{t('common:retry')}</Button>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('charging:toMap')}</ButtonLink>
        </div>
      </div>
    );
  }
  if (!station.data) return <Spinner label={t('common:loading')} />;
  if (!connector) {
    return (
      <div className="reserve reserve--narrow stack" data-testid="reserve-no-connector">
        <h1>{t('reserve:form.title')}</h1>
        <Alert tone="warning"><p>{t('charging:precharging.noConnector')}</p></Alert>
        <ButtonLink to={stationPath(stationId)} variant="secondary" icon="arrowLeft">{t('reserve:form.backToStation')}</ButtonLink>
      </div>
    );
  }
  if (!state.data || mine) return <Spinner label={t('common:loading')} />;
  return <ReserveForm station={station.data} connector={connector} answer={state.data} />;
}
