import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorText } from '@/lib/api-error';
import { useClaimStationMutation } from '../api/claim-station';

type ClaimDialogProps = { open: boolean; onClose: () => void; onAdded: (code: string) => void };

/** Adding a station (SPEC §6 station owner): its code and the secret printed beside it. */
export function ClaimDialog({ open, onClose, onAdded }: ClaimDialogProps) {
  const { t } = useTranslation('profile');
  const mutation = useClaimStationMutation();
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState<{ code?: boolean; secret?: boolean }>({});
  function close() {
    mutation.reset();
    setMissing({});
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const empty = { code: code.trim() === '', secret: secret.trim() === '' };
    setMissing(empty);
    if (empty.code || empty.secret) return;
    mutation.mutate(
      { code: code.trim(), secret: secret.trim() },
      {
        onSuccess: (station) => {
          setCode('');
          setSecret('');
          mutation.reset();
          onAdded(station.code);
        },
      },
    );
  }
  return (
    <Dialog open={open} onClose={close} title={t('profile:privateStations.claim.title')} closeLabel={t('common:close')} testId="owner-claim-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted">{t('profile:privateStations.claim.text')}</p>
        <Field
          label={t('profile:privateStations.claim.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={missing.code ? t('validation:required') : undefined}
          data-testid="owner-claim-code"
        />
        <Field
          label={t('profile:privateStations.claim.secret')}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint={t('profile:privateStations.claim.secretHint')}
          error={missing.secret ? t('validation:required') : undefined}
          data-testid="owner-claim-secret"
        />
        {mutation.isError && <Alert tone="error" testId="owner-claim-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="owner-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('profile:privateStations.claim.cancel')}</Button>
          <Button type="submit" icon="plug" isLoading={mutation.isPending} data-testid="owner-claim-submit">
            {t('profile:privateStations.claim.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
