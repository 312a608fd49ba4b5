import { useParams } from 'react-router';
import { useDocumentTitle } from '@/lib/brand';
import { useTranslation } from 'react-i18next';
import { QrResolver } from './qr-resolver';

/** `c/{AltNameAndConnectorId}` (SPEC §2): the link printed on a connector's QR sticker. */
export function QrEntryPage() {
  const { t } = useTranslation('station');
  const { code = '' } = useParams();
  useDocumentTitle(t('station:qr.title'));
  return (
    <div className="station" data-testid="qr-entry">
      <QrResolver code={code} />
    </div>
  );
}
