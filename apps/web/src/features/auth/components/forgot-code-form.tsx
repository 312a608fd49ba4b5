import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema, rule } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useSetPasswordMutation } from '../api/set-password';

// The mailed code has 6 digits (contract setPassClient); `resetCode` is a web-only rule text.
const schema = z
  .object({
    code: z.string().trim().regex(/^\d{6}$/, { error: 'resetCode' }),
    password: passwordSchema,
    repeat: z.string({ error: rule.required }).min(1, { error: rule.required }),
  })
  .refine((value) => value.password === value.repeat, { error: rule.passwordsDiffer, path: ['repeat'] });
type Input = z.input<typeof schema>;

/** Step 2 of /forgot: the mailed code and the new password. */
export function ForgotCodeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const setPasswordMutation = useSetPasswordMutation();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '', password: '', repeat: '' },
  });
  const { errors } = formState;
  const reveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setPasswordMutation.mutateAsync({ email, ...values });
      onDone();
    } catch (caught) {
      applyFieldErrors(caught, ['code', 'password', 'repeat'] as const, setError);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="forgot-code-form">
      {setPasswordMutation.error && (
        <Alert tone="error" testId="forgot-code-error"><p>{errorText(t, setPasswordMutation.error)}</p></Alert>
      )}
      <Field label={t('auth:fields.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
        data-testid="forgot-code" error={fieldErrorText(t, errors.code)} {...register('code')} />
      <Field label={t('auth:fields.newPassword')} type="password" autoComplete="new-password"
        hint={t('auth:fields.passwordHint')} revealLabels={reveal} data-testid="forgot-password"
        error={fieldErrorText(t, errors.password)} {...register('password')} />
      <Field label={t('auth:fields.repeat')} type="password" autoComplete="new-password"
        revealLabels={reveal} data-testid="forgot-repeat"
        error={fieldErrorText(t, errors.repeat)} {...register('repeat')} />
      <Button type="submit" block isLoading={setPasswordMutation.isPending} data-testid="forgot-code-submit">
        {t('auth:forgot.save')}
      </Button>
    </form>
  );
}
