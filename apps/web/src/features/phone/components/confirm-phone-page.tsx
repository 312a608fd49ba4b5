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
import { usePendingCodeQuery } from '../api/pending-code';
import { useSendCodeMutation } from '../api/send-code';
import { forgetQr, keepQr, keptQr } from '../utils/kept-qr';
import { CodeForm } from './code-form';
import { PhoneConfirmed } from './phone-confirmed';
import { QrView } from './qr-view';
import { SendForm, type SendDraft } from './send-form';
import type { SentCode } from './sent-code';
import './phone.css';

type Step = { kind: 'send' } | { kind: 'sent'; sent: SentCode } | { kind: 'done'; user: User };

type PendingAnswer = ReturnType<typeof usePendingCodeQuery>['data'];

/**
 * Where a reload (or coming back) resumes: the code the server still waits for, with the
 * countdown it gives; a QR code only when this tab kept it. Else the phone and the method.
 */
function resumedStep(answer: PendingAnswer): Step {
  const pending = answer?.pending;
  if (!answer || !pending) return { kind: 'send' };
  const qr = pending.method === 'qr' ? keptQr(pending.verificationId) : undefined;
  if (pending.method === 'qr' && !qr) return { kind: 'send' };
  const sent: SentCode = {
    ...pending,
    resendAfterSeconds: answer.resendAfterSeconds,
    resendAt: answer.resendAt,
    ...(qr ? { qr } : {}),
  };
  return { kind: 'sent', sent };
}

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
  const pendingQuery = usePendingCodeQuery();
  // Until the driver acts, the step is the one the server's record resumes.
  const [chosenStep, setStep] = useState<Step | null>(null);
  const [draft, setDraft] = useState<SendDraft | null>(null);
  // When a new code may be asked for (epoch ms): the last send's answer, else the server's.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const step: Step | null =
    chosenStep ?? (pendingQuery.isPending ? null : resumedStep(pendingQuery.data));
  const sendWaitUntil = resendAt ?? pendingQuery.data?.resendAt ?? 0;

  function waitFrom(caught: unknown): number | undefined {
    const wait = caught instanceof ApiError ? Number(caught.details.retryAfterSeconds) : Number.NaN;
    return wait > 0 ? Date.now() + wait * 1000 : undefined;
  }

  async function send(body: SendDraft) {
    setDraft(body);
    try {
      const result = await sendMutation.mutateAsync(body);
      const at = Date.now() + result.resendAfterSeconds * 1000;
      keepQr(result.verificationId, result.qr);
      setResendAt(at);
      setStep({ kind: 'sent', sent: { ...result, resendAt: at } });
    } catch (caught) {
      // A 429 holds the button back for its wait.
      const at = waitFrom(caught);
      if (at !== undefined) setResendAt(at);
      throw caught;
    }
  }

  async function resend(sent: SentCode) {
    try {
      await send({ phone: sent.phone, method: sent.method });
    } catch (caught) {
      // Shown beside the code (sendMutation.error); a 429 moves the countdown to its wait.
      const at = waitFrom(caught);
      if (at !== undefined) setStep({ kind: 'sent', sent: { ...sent, resendAt: at } });
    }
  }

  function change(sent: SentCode) {
    sendMutation.reset();
    setDraft({ phone: sent.phone, method: sent.method });
    setStep({ kind: 'send' });
  }

  function confirmed(user: User) {
    forgetQr();
    setStep({ kind: 'done', user });
  }

  const method: PhoneConfirmMethod = draft?.method ?? 'sms';
  return (
    <div className="phone" data-testid="confirm-phone-page">
      <div className="phone__intro">
        <h1>{t('profile:phone.title')}</h1>
        {step?.kind !== 'done' && <p className="muted">{t('profile:phone.lead')}</p>}
      </div>
      {!step && <Spinner label={t('common:loading')} />}
      {step?.kind === 'send' && (
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
              waitUntil={sendWaitUntil}
              isSending={sendMutation.isPending}
              error={sendMutation.error}
              onSend={send}
            />
          )}
        </>
      )}
      {step?.kind === 'sent' && step.sent.method === 'qr' && (
        <QrView
          key={step.sent.verificationId}
          sent={step.sent}
          isResending={sendMutation.isPending}
          resendError={sendMutation.error}
          onResend={() => resend(step.sent)}
          onChange={() => change(step.sent)}
          onConfirmed={confirmed}
        />
      )}
      {step?.kind === 'sent' && step.sent.method !== 'qr' && (
        <CodeForm
          key={step.sent.verificationId}
          sent={step.sent}
          isResending={sendMutation.isPending}
          resendError={sendMutation.error}
          onResend={() => resend(step.sent)}
          onChange={() => change(step.sent)}
          onConfirmed={confirmed}
        />
      )}
      {step?.kind === 'done' && <PhoneConfirmed phone={step.user.phone ?? ''} />}
    </div>
  );
}
