import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfidTag } from '@evcharge/api/rfid/rfid';
import { RFID_TAG_NAME_MAX } from '@evcharge/domain/rfid';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorText } from '@/lib/api-error';
import { useDeleteRfidTagMutation, useUpdateRfidTagMutation } from '../api/rfid-tags';

type DialogProps = { tag: RfidTag; open: boolean; onClose: () => void };

/** A new name for a tag (the dialog mounts its form only while open: it starts from the name). */
export function RenameTagDialog({ tag, open, onClose }: DialogProps) {
  const { t } = useTranslation('rfid');
  return (
    <Dialog open={open} onClose={onClose} title={t('rfid:rename.title')} closeLabel={t('common:close')} testId="rfid-rename-dialog">
      <RenameForm tag={tag} onClose={onClose} />
    </Dialog>
  );
}

function RenameForm({ tag, onClose }: { tag: RfidTag; onClose: () => void }) {
  const { t } = useTranslation('rfid');
  const mutation = useUpdateRfidTagMutation();
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('validation:required'));
    setError(undefined);
    mutation.mutate({ id: tag.id, name: trimmed }, { onSuccess: onClose });
  }
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field
        label={t('rfid:rename.label')}
        value={name}
        maxLength={RFID_TAG_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={error}
        autoFocus
        data-testid="rfid-rename-input"
      />
      {mutation.isError && <Alert tone="error"><p>{errorText(t, mutation.error)}</p></Alert>}
      <div className="rfid-dialog__actions">
        <Button type="button" variant="secondary" onClick={onClose}>{t('rfid:rename.cancel')}</Button>
        <Button type="submit" variant="primary" isLoading={mutation.isPending} data-testid="rfid-rename-save">{t('rfid:rename.save')}</Button>
      </div>
    </form>
  );
}

/** Removing a tag asks first: it names the tag, and stays open if the request fails. */
export function DeleteTagDialog({ tag, open, onClose }: DialogProps) {
  const { t } = useTranslation('rfid');
  const mutation = useDeleteRfidTagMutation();
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('rfid:delete.title')} closeLabel={t('common:close')} testId="rfid-delete-dialog">
      <div className="stack">
        <p>{t('rfid:delete.text', { name: tag.name, number: tag.numberMasked })}</p>
        {mutation.isError && <Alert tone="error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="rfid-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('rfid:delete.cancel')}</Button>
          <Button variant="danger" icon="trash" isLoading={mutation.isPending} onClick={() => mutation.mutate(tag.id, { onSuccess: onClose })} data-testid="rfid-delete-confirm">
            {t('rfid:delete.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
