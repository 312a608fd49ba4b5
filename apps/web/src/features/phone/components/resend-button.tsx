import { useTranslation } from 'react-i18next';
import type { PhoneConfirmMethod } from '@evcharge/api/phone/phone-schemas';
import { Button } from '@/components/ui/button';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';

type ResendButtonProps = {
  method: PhoneConfirmMethod;
  /** Epoch ms from which a new code may be asked for. */
  at: number;
  isLoading: boolean;
  onResend: () => void;
};

/** "Send again", held back with a countdown for as long as the server asks (resendAfterSeconds). */
export function ResendButton({ method, at, isLoading, onResend }: ResendButtonProps) {
  const { t } = useTranslation('profile');
  const left = useCountdown(at);
  return (
    <Button
      variant="secondary"
      icon="refresh"
      disabled={left > 0}
      isLoading={isLoading}
      onClick={onResend}
      data-testid="phone-resend"
    >
      {left > 0
        ? t('profile:phone.resend.wait', { time: formatCountdown(left) })
        : t(`profile:phone.resend.again.${method}`)}
    </Button>
  );
}
