import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorText } from '@/lib/api-error';
import { disableWebPush, enableWebPush, webPushState, type WebPushState } from '@/lib/push';
import { useSession } from '@/lib/session';

/**
 * Notifications on this device: Web Push for the session's end, a reached limit, parking that
 * starts to cost, a stopped ghost session and a favourite station that became free.
 */
export function PushSettings() {
  const { t } = useTranslation('settings');
  const isSignedIn = useSession() !== null;
  const [state, setState] = useState<WebPushState | 'loading'>('loading');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let isCurrent = true;
    webPushState().then(
      (next) => isCurrent && setState(next),
      () => isCurrent && setState('unsupported'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  async function toggle(isOn: boolean) {
    setIsBusy(true);
    setError(null);
    try {
      setState(await (isOn ? enableWebPush() : disableWebPush()));
    } catch (cause) {
      setError(cause);
    } finally {
      setIsBusy(false);
    }
  }

  const hint =
    state === 'unsupported'
      ? t('settings:push.unsupported')
      : state === 'denied'
        ? t('settings:push.denied')
        : !isSignedIn
          ? t('settings:push.signIn')
          : t('settings:push.hint');
  return (
    <Card title={t('settings:push.title')} testId="settings-push">
      <Switch
        label={t('settings:push.label')}
        description={hint}
        checked={state === 'on'}
        disabled={
          isBusy ||
          state === 'loading' ||
          state === 'unsupported' ||
          state === 'denied' ||
          !isSignedIn
        }
        onChange={(event) => void toggle(event.currentTarget.checked)}
        data-testid="settings-push-switch"
      />
      {error !== null && (
        <Alert tone="error" testId="settings-push-error">
          <p>{error instanceof ApiError ? errorText(t, error) : t('settings:push.failed')}</p>
        </Alert>
      )}
    </Card>
  );
}
