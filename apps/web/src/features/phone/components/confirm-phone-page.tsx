import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@evcharge/api/common';
import type { PhoneConfirmMethod } from '@evcharge/api/phone/phone-schemas';
import { displayPhone } from '../utils/display-phone';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { useSelfQuery } from '@/lib/self-query';
import { useSendCodeMutation } from '../api/send-code';
import { CodeForm } from './code-form';
import { PhoneConfirmed } from './phone-confirmed';
import { QrView } from './qr-view';
import { SendForm, type SendDraft } from './send-form';
import type { SentCode } from './sent-code';
import './phone.css';

type Step = { kind: 'send' } | { kind: 'sent'; sent: SentCode } | { kind: 'done'; user: User };

/**
 * SPEC §2 confirmPhone, §5: the phone is confirmed by an SMS code, by the last 4 digits of the
 * number that calls, or by a QR code that makes the phone text us the code.
 */
export function ConfirmPhonePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('profile:phone.title'));
  const selfQuery = useSelfQuery();
  const session = useSession();
  const user = selfQuery.data ?? session?.user;
  const sendMutation = useSendCodeMutation();
  const [step, setStep] = useState<Step>({ kind: 'send' });
  const [draft, setDraft] = useState<SendDraft | null>(null);

  async function send(body: SendDraft) {
    setDraft(body);
    const result = await sendMutation.mutateAsync(body);
    setStep({
      kind: 'sent',
      sent: { ...result, resendAt: Date.now() + result.resendAfterSeconds * 1000 },
    });
  }

  async function resend(sent: SentCode) {
    try {
      await send({ phone: sent.phone, method: sent.method });
    } catch (caught) {
      // Shown beside the code (sendMutation.error); a 429 moves the countdown to its wait.
      const wait =
        caught instanceof ApiError ? Number(caught.details.retryAfterSeconds) : Number.NaN;
      if (wait > 0)
        setStep({ kind: 'sent', sent: { ...sent, resendAt: Date.now() + wait * 1000 } });
    }
  }

  function change() {
    sendMutation.reset();
    setStep({ kind: 'send' });
  }

  const method: PhoneConfirmMethod = draft?.method ?? 'sms';
  return (
    <div className="phone" data-testid="confirm-phone-page">
      <div className="phone__intro">
        <h1>{t('profile:phone.title')}</h1>
        {step.kind !== 'done' && <p className="muted">{t('profile:phone.lead')}</p>}
      </div>
      {step.kind === 'send' && (
        <>
          {user?.phone && user.isPhoneConfirmed && (
            <Alert tone="success" testId="phone-already-confirmed">
              <p>{t('profile:phone.alreadyConfirmed', { phone: displayPhone(user.phone) })}</p>
            </Alert>
          )}
          {!user && selfQuery.isPending ? (
            <Spinner label={t('common:loading')} />
          ) : (
            <SendForm
              defaultPhone={draft?.phone ?? user?.phone ?? ''}
              defaultMethod={method}
              isSending={sendMutation.isPending}
              error={sendMutation.error}
              onSend={send}
            />
          )}
        </>
      )}
      {step.kind === 'sent' && step.sent.method === 'qr' && (
        <QrView
          key={step.sent.verificationId}
          sent={step.sent}
          isResending={sendMutation.isPending}
          resendError={sendMutation.error}
          onResend={() => resend(step.sent)}
          onChange={change}
          onConfirmed={(confirmed) => setStep({ kind: 'done', user: confirmed })}
        />
      )}
      {step.kind === 'sent' && step.sent.method !== 'qr' && (
        <CodeForm
          key={step.sent.verificationId}
          sent={step.sent}
          isResending={sendMutation.isPending}
          resendError={sendMutation.error}
          onResend={() => resend(step.sent)}
          onChange={change}
          onConfirmed={(confirmed) => setStep({ kind: 'done', user: confirmed })}
        />
      )}
      {step.kind === 'done' && <PhoneConfirmed phone={step.user.phone ?? ''} />}
    </div>
  );
}
