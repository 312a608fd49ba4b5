import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useConfirmByCodeMutation, useResendConfirmationMutation } from '../api/confirm-email';

// SPEC §5: "Email confirmation: by link or by a code from the mail". The mail's code has 6
// digits; `resetCode` is the rule text that says so.
const codeFormSchema = z.object({
  email: emailSchema,
  code: z.string().trim().regex(/^\d{6}$/, { error: 'resetCode' }),
});
type Values = z.infer<typeof codeFormSchema>;

/** /confirm_page without a link's token: the address and the code typed from the mail. */
export function ConfirmCodeForm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const confirm = useConfirmByCodeMutation();
  const resend = useResendConfirmationMutation();
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { email: session?.user.email ?? '', code: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      onConfirmed();
    } catch (caught) {
      applyFieldErrors(caught, ['email', 'code'] as const, setError);
    }
  });

  return (
    <div className="auth__panel" data-testid="confirm-code">
      <h1>{t('auth:confirm.title')}</h1>
      <p className="muted">{t('auth:confirm.codeText')}</p>
      <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="confirm-code-form">
        {confirm.error && (
          <Alert tone="error" testId="confirm-code-error"><p>{errorText(t, confirm.error)}</p></Alert>
        )}
        {resend.data && (
          <Alert tone="success" testId="confirm-code-resent">
            <p>{resend.data.sent ? t('auth:confirm.resent') : t('auth:confirm.alreadyConfirmed')}</p>
          </Alert>
        )}
        {resend.error && <Alert tone="error"><p>{errorText(t, resend.error)}</p></Alert>}
        <Field label={t('auth:fields.email')} type="email" inputMode="email" autoComplete="email"
          autoCapitalize="none" spellCheck={false} readOnly={Boolean(session)} data-testid="confirm-code-email"
          error={fieldErrorText(t, errors.email)} {...register('email')} />
        <Field label={t('auth:fields.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
          data-testid="confirm-code-input" error={fieldErrorText(t, errors.code)} {...register('code')} />
        <Button type="submit" block isLoading={confirm.isPending} data-testid="confirm-code-submit">
          {t('auth:confirm.submit')}
        </Button>
        {session && (
          <Button variant="ghost" block icon="mail" isLoading={resend.isPending}
            data-testid="confirm-code-resend" onClick={() => resend.mutate()}>
            {t('auth:confirm.resend')}
          </Button>
        )}
      </form>
    </div>
  );
}
