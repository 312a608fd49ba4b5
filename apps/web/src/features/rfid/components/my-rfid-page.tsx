import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/path-icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useRfidTagsQuery } from '../api/rfid-tags';
import { rfidTagPath } from './rfid-icons';
import { TagRow } from './tag-row';
import '@/components/charge/charge.css';
import '@/components/ui/card.css';
import './rfid.css';

/** my_rfid (SPEC §2): the driver's RFID tags, to rename, block or remove; and a new one. */
export function MyRfidPage() {
  const { t } = useTranslation('rfid');
  useDocumentTitle(t('rfid:myTags.title'));
  const query = useRfidTagsQuery();
  const tags = query.data ?? [];
  return (
    <div className="rfid rfid--list" data-testid="my-rfid-page">
      <header className="rfid__header rfid__header--row">
        <div className="rfid__intro">
          <h1>{t('rfid:myTags.title')}</h1>
          <p className="muted">{t('rfid:myTags.subtitle')}</p>
        </div>
        {tags.length > 0 && (
          <ButtonLink to={paths.rfid} variant="primary" icon="plug" data-testid="rfid-add">{t('rfid:myTags.add')}</ButtonLink>
        )}
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="rfid-tags-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && tags.length === 0 && (
        <section className="charging-empty" data-testid="rfid-empty">
          <span className="charging-empty__icon" aria-hidden="true"><PathIcon d={rfidTagPath} size={36} /></span>
          <h2>{t('rfid:myTags.empty.title')}</h2>
          <p className="muted">{t('rfid:myTags.empty.text')}</p>
          <ButtonLink to={paths.rfid} variant="primary" icon="plug" data-testid="rfid-add-first">{t('rfid:myTags.add')}</ButtonLink>
        </section>
      )}
      {tags.length > 0 && (
        <>
          <p className="muted small">{t('rfid:myTags.blockNote')}</p>
          <ul className="rfid-tags" data-testid="rfid-tags">
            {tags.map((tag) => (
              <li key={tag.id}><TagRow tag={tag} /></li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
