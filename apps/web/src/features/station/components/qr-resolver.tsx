import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseQrCode } from '@evcharge/api/stations/find-by-qr';
import { stationPath } from '@/app/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useQrCodeQuery } from '../api/find-by-qr';
import { StationProblem } from './station-problem';

/** Turns a QR code into its station page with the connector chosen (the URL is replaced). */
export function QrResolver({ code }: { code: string }) {
  const { t } = useTranslation('station');
  const navigate = useNavigate();
  const isWellFormed = parseQrCode(code) !== null;
  const query = useQrCodeQuery(code, isWellFormed);
  const target = query.data ? stationPath(query.data.stationId, query.data.connectorNumber) : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (!isWellFormed) return <StationProblem code="INCORRECT_QR" />;
  if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.code : 'UNKNOWN';
    if (code === 'INCORRECT_QR' || code === 'VALIDATION_FAILED') return <StationProblem code="INCORRECT_QR" />;
    if (code === 'STATION_NOT_FOUND' || code === 'NOT_FOUND') return <StationProblem code="STATION_NOT_FOUND" />;
    return <StationProblem error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <Spinner label={t('station:qr.opening')} />;
}
