import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfidTag } from '@evcharge/api/rfid/rfid';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/path-icon';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useUpdateRfidTagMutation } from '../api/rfid-tags';
import { DeleteTagDialog, RenameTagDialog } from './tag-dialogs';
import { rfidTagPath } from './rfid-icons';

/** One tag: its name and the end of its number, when it was added and last used, and actions. */
export function TagRow({ tag }: { tag: RfidTag }) {
  const { t } = useTranslation('rfid');
  const format = useFormat();
  const update = useUpdateRfidTagMutation();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const dateOf = (value: string) => format.date(value, { dateStyle: 'medium' });
  return (
    <article
      className={tag.isBlocked ? 'rfid-tag card rfid-tag--blocked' : 'rfid-tag card'}
      data-testid="rfid-tag"
      data-tag-id={tag.id}
      data-blocked={tag.isBlocked || undefined}
      aria-labelledby={`rfid-tag-${tag.id}`}
    >
      <header className="rfid-tag__head">
        <span className="rfid-tag__icon" aria-hidden="true"><PathIcon d={rfidTagPath} size={26} /></span>
        <div className="rfid-tag__title">
          <h2 id={`rfid-tag-${tag.id}`} className="rfid-tag__name" data-testid="rfid-tag-name">{tag.name}</h2>
          <p className="rfid-tag__number" data-testid="rfid-tag-masked">
            <span className="visually-hidden">{t('rfid:tag.number')} </span>{tag.numberMasked}
          </p>
        </div>
        {tag.isBlocked && <Badge tone="warning" testId="rfid-tag-blocked">{t('rfid:tag.blocked')}</Badge>}
      </header>
      <dl className="rfid-tag__facts">
        <div><dt>{t('rfid:tag.added')}</dt><dd data-testid="rfid-tag-added">{dateOf(tag.createdAt)}</dd></div>
        <div>
          <dt>{t('rfid:tag.lastUsed')}</dt>
          <dd data-testid="rfid-tag-used">{tag.lastUsedAt ? dateOf(tag.lastUsedAt) : t('rfid:tag.neverUsed')}</dd>
        </div>
      </dl>
      {tag.isBlocked && <p className="muted small">{t('rfid:tag.blockedNote')}</p>}
      {update.isError && <Alert tone="error" testId="rfid-tag-error"><p>{errorText(t, update.error)}</p></Alert>}
      <footer className="rfid-tag__actions">
        <Button variant="secondary" onClick={() => setDialog('rename')} aria-label={t('rfid:tag.renameLabel', { name: tag.name })} data-testid="rfid-rename">
          {t('rfid:tag.rename')}
        </Button>
        <Button
          variant="secondary"
          icon={tag.isBlocked ? 'check' : 'lock'}
          isLoading={update.isPending}
          onClick={() => update.mutate({ id: tag.id, isBlocked: !tag.isBlocked })}
          aria-label={t(tag.isBlocked ? 'rfid:tag.unblockLabel' : 'rfid:tag.blockLabel', { name: tag.name })}
          data-testid="rfid-block"
        >
          {t(tag.isBlocked ? 'rfid:tag.unblock' : 'rfid:tag.block')}
        </Button>
        <Button variant="danger" icon="trash" onClick={() => setDialog('delete')} aria-label={t('rfid:tag.deleteLabel', { name: tag.name })} data-testid="rfid-delete">
          {t('rfid:tag.delete')}
        </Button>
      </footer>
      <RenameTagDialog tag={tag} open={dialog === 'rename'} onClose={() => setDialog(null)} />
      <DeleteTagDialog tag={tag} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </article>
  );
}
