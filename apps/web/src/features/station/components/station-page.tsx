import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { StationDirections } from '@/components/station/station-directions';
import { isRefusingLabel, labelRefusalCode } from '@/components/station/label-refusal';
import { stationStateText } from '@/components/station/station-state';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { track } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/brand';
import { openLoginDialog } from '@/lib/login-dialog';
import { writeFromClient } from '@/lib/storage';
import { useSession } from '@/lib/session';
import { useStationQuery } from '@/lib/station-query';
import { ConnectorList } from './connector-list';
import { QrResolver } from './qr-resolver';
import { LazyRoamingTariffCard } from './lazy-roaming-tariff-card';
import { LazyReviews } from './reviews/lazy-reviews';
import { SignInPrompt } from './sign-in-prompt';
import { StationHeader } from './station-header';
import { StationProblem, StationQueryProblem } from './station-problem';
import { TariffCard } from './tariff-card';
import { WorkHours } from './work-hours';
import { isStationId } from '../model/station-id';
import './station.css';

/** How many of the newest approved reviews the station page shows before "All reviews". */
const REVIEWS_ON_STATION_PAGE = 3;

function readConnector(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** detailStation (SPEC §2, public): `?id=<guid>` and, from a QR code, `&connector=<number>`. */
export function StationPage() {
  const { t, i18n } = useTranslation('station');
  const [params] = useSearchParams();
  const qr = params.get('qr');
  const id = params.get('id') ?? '';
  const connector = readConnector(params.get('connector'));
  const session = useSession();
  const isValidId = isStationId(id);
  const query = useStationQuery(isValidId && !qr ? id : null, session !== null, { isLive: true });
  useDocumentTitle(query.data?.name ?? t('station:title'));
  // SPEC §1 counter: the funnel's second step (a station opened), once per station shown.
  useEffect(() => {
    if (isValidId && !qr) track('stationOpened');
  }, [id, isValidId, qr]);

  // A QR code handed over by the sign-in redirect (app/qr-handoff.ts): resolve it here.
  if (qr) return <div className="station"><QrResolver code={qr} /></div>;
  if (!isValidId) return <div className="station"><StationProblem code="STATION_NOT_FOUND" /></div>;
  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError) {
    return <div className="station"><StationQueryProblem error={query.error} onRetry={() => void query.refetch()} /></div>;
  }

  const station = query.data;
  // SPEC §4: a visitor's protected action opens the login dialog, then comes back to it.
  function signInTo(to: string) {
    writeFromClient(to);
    openLoginDialog();
  }
  const chosen = station.connectors.find((c) => c.number === connector) ?? null;
  // SPEC §4: a station not working, under repair or opening soon takes no start; SPEC §3: nor
  // one outside its hours. The server refuses either; the page offers no Start then.
  const label = isRefusingLabel(station.label) ? station.label : null;
  const isTakingStarts = station.isOpenNow && label === null;
  return (
    <article className="station" data-testid="station-page" data-station-id={station.id}>
      <ButtonLink to={paths.home} variant="ghost" icon="arrowLeft" className="station__back" data-testid="station-back">
        {t('station:backToMap')}
      </ButtonLink>
      <StationHeader station={station} />
      <div className="station__columns">
        <div className="station__column">
          {!session && <SignInPrompt connector={chosen?.number ?? null} />}
          {label !== null ? (
            <Alert tone="warning" testId="station-label-note">
              <p>{t(`errors:${labelRefusalCode[label]}`)}</p>
            </Alert>
          ) : (
            !station.isOpenNow && (
              <Alert tone="warning" testId="station-closed-note">
                <p>{stationStateText(t, station, i18n.language)}</p>
              </Alert>
            )
          )}
          <ConnectorList
            stationId={station.id}
            connectors={station.connectors}
            canStart={session !== null && isTakingStarts}
            chosen={chosen?.number ?? null}
            shouldReveal={session !== null}
            canReserveHere={label === null && (station.isOpenNow || station.supportsPeriodReservation)}
            isSignedIn={session !== null}
            canBindRfid={session !== null && station.supportsRfid}
            onSignInToReserve={signInTo}
            utcOffsetMinutes={station.utcOffsetMinutes}
          />
        </div>
        <div className="station__column">
          {station.tariff && <TariffCard station={{ ...station, tariff: station.tariff }} />}
          {station.roaming && <LazyRoamingTariffCard station={{ ...station, roaming: station.roaming }} />}
          <WorkHours station={station} />
          <StationDirections station={station} hasMap />
        </div>
      </div>
      {/* The newest few here; all of them on their own screen (SPEC §2 comments). */}
      <LazyReviews stationId={station.id} previewCount={REVIEWS_ON_STATION_PAGE} />
    </article>
  );
}
