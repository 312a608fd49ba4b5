import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ApiError, errorText } from '@/lib/api-error';
import './station.css';

type StationProblemProps =
  | { code: 'INCORRECT_QR' | 'STATION_NOT_FOUND'; error?: undefined; onRetry?: undefined }
  | { code?: undefined; error: unknown; onRetry: () => void };

/** SPEC §8 'Incorrect QR code' / 'Station not found', or a failed request; always a way back. */
export function StationProblem({ code, error, onRetry }: StationProblemProps) {
  const { t } = useTranslation('station');
  const testId = code === 'INCORRECT_QR' ? 'qr-error-incorrect' : code === 'STATION_NOT_FOUND' ? 'station-not-found' : 'station-error';
  return (
    <section className="station-problem stack" aria-labelledby="station-problem-title" data-testid={testId}>
      <h1 id="station-problem-title">{code ? t(`station:problem.${code}.title`) : t('station:problem.failed')}</h1>
      <Alert tone={code ? 'warning' : 'error'}>
        <p>{code ? t(`station:problem.${code}.text`) : errorText(t, error)}</p>
      </Alert>
      <div className="row">
        {onRetry && <Button variant="secondary" icon="refresh" onClick={onRetry}>{t('common:retry')}</Button>}
        <ButtonLink to={paths.home} variant="primary" icon="map" data-testid="back-to-map">{t('station:backToMap')}</ButtonLink>
      </div>
    </section>
  );
}

/** A station's details did not load: an unknown or malformed id is "not found", the rest a retry. */
export function StationQueryProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : null;
  const isMissing = code === 'STATION_NOT_FOUND' || code === 'NOT_FOUND' || code === 'VALIDATION_FAILED';
  return isMissing ? <StationProblem code="STATION_NOT_FOUND" /> : <StationProblem error={error} onRetry={onRetry} />;
}
