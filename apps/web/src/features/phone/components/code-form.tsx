import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PHONE_CODE_LENGTH } from '@evcharge/domain/constants';
import { displayPhone } from '../utils/display-phone';
import { phoneCodeSchema } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { fieldErrorText } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { useConfirmCodeMutation } from '../api/confirm-code';
import { needsNewCode, phoneErrorText } from '../utils/error-text';
import { ResendButton } from './resend-button';
import type { SentCodeProps } from './sent-code';

const schema = z.object({ code: phoneCodeSchema });
type Input = z.input<typeof schema>;

/** The SMS code, or the last 4 digits of the number that called (SPEC §5, §9: 4 digits). */
export function CodeForm({
  sent,
  isResending,
  resendError,
  onResend,
  onChange,
  onConfirmed,
}: SentCodeProps) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const confirmMutation = useConfirmCodeMutation();
  const { register, handleSubmit, setValue, setFocus, formState } = useForm<
    Input,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const phone = displayPhone(sent.phone);
  const isCall = sent.method === 'call';

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await confirmMutation.mutateAsync({
        code,
        verificationId: sent.verificationId,
      });
      onConfirmed(result.user);
    } catch {
      // A wrong code is typed again from scratch.
      setValue('code', '');
      setFocus('code');
    }
  });

  const error = resendError ?? confirmMutation.error;
  const isDead = needsNewCode(confirmMutation.error);
  return (
    <form
      className="phone__panel phone-form"
      noValidate
      onSubmit={onSubmit}
      data-testid="phone-code-form"
    >
      <div className="phone-form__sent" role="status">
        <p>{isCall ? t('profile:phone.code.calling', { phone }) : t('profile:phone.code.smsSent', { phone })}</p>
        <p className="muted">
          {t('profile:phone.code.validUntil', {
            time: format.date(sent.expiresAt, { timeStyle: 'short' }),
          })}
        </p>
      </div>
      {Boolean(error) && (
        <Alert tone="error" testId="phone-code-error">
          <p>{phoneErrorText(t, error)}</p>
        </Alert>
      )}
      <Field
        label={isCall ? t('profile:phone.code.callLabel') : t('profile:phone.code.label')}
        className="phone-form__code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={PHONE_CODE_LENGTH}
        autoFocus
        disabled={isDead}
        data-testid="phone-code"
        error={fieldErrorText(t, formState.errors.code)}
        {...register('code')}
      />
      <Button
        type="submit"
        block
        isLoading={confirmMutation.isPending}
        disabled={isDead}
        data-testid="phone-confirm"
      >
        {t('profile:phone.code.submit')}
      </Button>
      <div className="phone-form__more">
        <ResendButton
          method={sent.method}
          at={sent.resendAt}
          isLoading={isResending}
          onResend={onResend}
        />
        <Button variant="ghost" onClick={onChange} data-testid="phone-change">
          {t('profile:phone.resend.change')}
        </Button>
      </div>
    </form>
  );
}
