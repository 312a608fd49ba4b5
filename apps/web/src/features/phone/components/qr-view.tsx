import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../utils/display-phone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useCheckCodeQuery } from '../api/check-code';
import { rememberUser } from '@/lib/self-query';
import { useCountdown } from '../hooks/use-countdown';
import { phoneErrorText } from '../utils/error-text';
import { QrImage } from './qr-image';
import { ResendButton } from './resend-button';
import type { SentCodeProps } from './sent-code';

/**
 * The QR method: the code encodes an SMS with the code to our inbound number. The phone sends
 * it, the gateway hands it to the server, and this view learns of it by polling checkCode.
 */
export function QrView({
  sent,
  isResending,
  resendError,
  onResend,
  onChange,
  onConfirmed,
}: SentCodeProps) {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const check = useCheckCodeQuery(sent.verificationId);
  const secondsLeft = useCountdown(Date.parse(sent.expiresAt));
  const qr = sent.qr!;
  const status = check.data?.status;
  const confirmedUser = check.data?.user;

  useEffect(() => {
    if (status !== 'confirmed' || !confirmedUser) return;
    rememberUser(client, confirmedUser);
    onConfirmed(confirmedUser);
  }, [status, confirmedUser, client, onConfirmed]);

  const isExpired = status === 'expired' || secondsLeft === 0;
  const to = displayPhone(qr.to);
  return (
    <section className="phone__panel phone-qr" data-testid="phone-qr">
      <div className="phone-qr__code">
        <QrImage text={qr.uri} label={t('profile:phone.qr.imageLabel', { to })} />
      </div>
      <div className="phone-qr__text">
        <h2>{t('profile:phone.qr.title')}</h2>
        <ol className="phone-qr__steps">
          <li>{t('profile:phone.qr.step1', { phone: displayPhone(sent.phone) })}</li>
          <li>{t('profile:phone.qr.step2', { to })}</li>
          <li>{t('profile:phone.qr.step3')}</li>
        </ol>
        {isExpired ? (
          <Alert tone="warning" testId="phone-qr-expired">
            <p>{t('profile:phone.qr.expired')}</p>
          </Alert>
        ) : (
          <p className="phone-qr__waiting" role="status" data-testid="phone-qr-waiting">
            <span className="phone-qr__pulse" aria-hidden="true" />
            {t('profile:phone.qr.waiting')}
          </p>
        )}
        {Boolean(resendError ?? check.error) && (
          <Alert tone="error" testId="phone-qr-error">
            <p>{phoneErrorText(t, resendError ?? check.error)}</p>
          </Alert>
        )}
        <details className="phone-qr__manual">
          <summary>{t('profile:phone.qr.manualTitle')}</summary>
          <p>{t('profile:phone.qr.manual', { to })}</p>
          <p className="phone-qr__sms" data-testid="phone-qr-text">
            {qr.text}
          </p>
          <a
            className="button button--secondary button--block"
            href={qr.uri}
            data-testid="phone-qr-open"
          >
            <Icon name="send" size={20} />
            <span>{t('profile:phone.qr.openSms')}</span>
          </a>
        </details>
        <div className="phone-form__more">
          <ResendButton
            method="qr"
            at={sent.resendAt}
            isLoading={isResending}
            onResend={onResend}
          />
          <Button variant="ghost" onClick={onChange} data-testid="phone-change">
            {t('profile:phone.resend.change')}
          </Button>
        </div>
      </div>
    </section>
  );
}
