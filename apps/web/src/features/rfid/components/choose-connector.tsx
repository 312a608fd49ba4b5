import { useState, type FormEvent, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseQrCode } from '@evcharge/api/stations/find-by-qr';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PathIcon } from '@/components/ui/path-icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useStationQuery } from '@/lib/station-query';
import { findConnectorByCode } from '../api/rfid-binding';
import { rfidTagPath } from './rfid-icons';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ChooseProps = { onStart: (connectorId: string) => void; headingRef: Ref<HTMLHeadingElement> };

/**
 * Step 0: the connector where the car stands. From the station page (`?station=&connector=`,
 * the connector's number or id) it is named already; else the driver types the code printed on
 * it, the same the QR sticker carries (SPEC §2 c/{code}, GET /chargestation/find/qrCode).
 */
export function ChooseConnector({ onStart, headingRef }: ChooseProps) {
  const { t } = useTranslation('rfid');
  const [params, setParams] = useSearchParams();
  const stationId = params.get('station') ?? '';
  const connector = params.get('connector') ?? '';
  const fromStation = GUID.test(stationId) && connector !== '';
  return (
    <section className="rfid-step card" data-testid="rfid-step" data-step="connector" aria-labelledby="rfid-step-heading">
      <div className="rfid-step__art" aria-hidden="true"><PathIcon d={rfidTagPath} size={40} /></div>
      <h2 id="rfid-step-heading" ref={headingRef} tabIndex={-1}>{t('rfid:choose.title')}</h2>
      <p className="muted">{t('rfid:choose.text')}</p>
      {fromStation && (
        <StationConnector stationId={stationId} connector={connector} onStart={onStart} />
      )}
      {fromStation ? (
        <Button variant="ghost" className="rfid-step__other" onClick={() => setParams({}, { replace: true })} data-testid="rfid-other-connector">
          {t('rfid:choose.other')}
        </Button>
      ) : (
        <CodeForm onStart={onStart} />
      )}
    </section>
  );
}

function StationConnector({ stationId, connector, onStart }: { stationId: string; connector: string; onStart: (connectorId: string) => void }) {
  const { t } = useTranslation('rfid');
  const station = useStationQuery(stationId, useSession() !== null);
  if (station.isError) {
    return (
      <div className="stack">
        <Alert tone="error"><p>{errorText(t, station.error)}</p></Alert>
        <Button variant="secondary" icon="refresh" onClick={() => void station.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  if (!station.data) return <Spinner label={t('common:loading')} />;
  const found = station.data.connectors.find((c) => c.id === connector || String(c.number) === connector);
  if (!found) return <Alert tone="warning"><p>{t('rfid:choose.noConnector')}</p></Alert>;
  return (
    <div className="rfid-where" data-testid="rfid-connector">
      <span className="rfid-where__number" aria-hidden="true">{found.number}</span>
      <div className="rfid-where__text">
        <p className="rfid-where__station">{station.data.name}</p>
        <p className="muted small">
          {t('rfid:where.connector', { number: found.number, socket: socketTypeLabel(found.socketType) })} · {found.qrCode}
        </p>
      </div>
      {station.data.supportsRfid ? (
        <Button variant="primary" icon="bolt" className="rfid-where__go" onClick={() => onStart(found.id)} data-testid="rfid-start">
          {t('rfid:choose.start')}
        </Button>
      ) : (
        <Alert tone="warning"><p>{t('errors:RFID_NOT_SUPPORTED')}</p></Alert>
      )}
    </div>
  );
}

function CodeForm({ onStart }: { onStart: (connectorId: string) => void }) {
  const { t } = useTranslation('rfid');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isLooking, setLooking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!parseQrCode(typed)) {
      setError(t(typed === '' ? 'rfid:choose.codeRequired' : 'errors:INCORRECT_QR'));
      return;
    }
    setError(undefined);
    setLooking(true);
    try {
      const found = await findConnectorByCode(typed);
      onStart(found.connectorId);
    } catch (cause) {
      setError(errorText(t, cause));
      setLooking(false);
    }
  }

  return (
    <form className="rfid-code" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t('rfid:choose.codeLabel')}
        hint={t('rfid:choose.codeHint')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        errorTestId="rfid-connector-code-error"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder="MOW-00007-3"
        className="rfid-code__field"
        data-testid="rfid-connector-code"
      />
      <Button type="submit" variant="primary" icon="chevronRight" isLoading={isLooking} data-testid="rfid-connector-go">
        {t('rfid:choose.go')}
      </Button>
    </form>
  );
}
