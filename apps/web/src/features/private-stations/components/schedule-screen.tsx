import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { usePrivateStationsQuery } from '../api/list-stations';
import { useSharingScheduleQuery } from '../api/sharing-schedule';
import { ScheduleEditor } from './schedule-editor';

/**
 * SPEC §2 schedule of a private station: when other drivers may use it (weekly hours, dates
 * off, on or off) and what they pay, within the brand's limits; the platform's fee is shown.
 */
export function ScheduleScreen({ stationId: id }: { stationId: string }) {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('profile:privateStations.schedule.title'));
  const query = useSharingScheduleQuery(id);
  const station = usePrivateStationsQuery().data?.items.find((s) => s.id === id);
  return (
    <div className="owner owner--narrow" data-testid="schedule-page">
      <ButtonLink to={paths.myCharges} variant="ghost" icon="arrowLeft" className="owner__back">
        {t('profile:privateStations.schedule.back')}
      </ButtonLink>
      <header className="owner__intro">
        <h1>{t('profile:privateStations.schedule.title')}</h1>
        {station && <p className="owner__station-name">{station.name} · {station.code}</p>}
        <p className="muted">{t('profile:privateStations.schedule.intro')}</p>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="schedule-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && <ScheduleEditor key={query.data.stationId} schedule={query.data} />}
    </div>
  );
}
