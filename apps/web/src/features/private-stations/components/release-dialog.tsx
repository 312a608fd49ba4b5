import { useTranslation } from 'react-i18next';
import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useReleaseStationMutation } from '../api/release-station';

/** Releasing a station asks first; the dialog stays open with the reason if it is refused. */
export function ReleaseDialog({ station, open, onClose }: { station: PrivateStation; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const mutation = useReleaseStationMutation();
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('profile:privateStations.release.title')} closeLabel={t('common:close')} testId="owner-release-dialog">
      <div className="stack">
        <p>{t('profile:privateStations.release.text', { name: station.name })}</p>
        {mutation.isError && <Alert tone="error" testId="owner-release-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="owner-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('profile:privateStations.release.cancel')}</Button>
          <Button variant="danger" icon="trash" isLoading={mutation.isPending}
            onClick={() => mutation.mutate(station.id, { onSuccess: onClose })} data-testid="owner-release-confirm">
            {t('profile:privateStations.release.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
