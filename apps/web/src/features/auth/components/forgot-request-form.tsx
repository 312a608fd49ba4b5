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
import { useResetPasswordMutation } from '../api/reset-password';

const schema = z.object({ email: emailSchema });
type Input = z.input<typeof schema>;

/** Step 1 of /forgot: the e-mail to send the reset link and code to. */
export function ForgotRequestForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const resetMutation = useResetPasswordMutation();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await resetMutation.mutateAsync(email);
      onSent(email);
    } catch (caught) {
      applyFieldErrors(caught, ['email'] as const, setError);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="forgot-form">
      {resetMutation.error && (
        <Alert tone="error" testId="forgot-error"><p>{errorText(t, resetMutation.error)}</p></Alert>
      )}
      <Field label={t('auth:fields.email')} type="email" inputMode="email" autoComplete="email"
        autoCapitalize="none" spellCheck={false} data-testid="forgot-email"
        error={fieldErrorText(t, formState.errors.email)} {...register('email')} />
      <Button type="submit" block isLoading={resetMutation.isPending} data-testid="forgot-submit">
        {t('auth:forgot.send')}
      </Button>
    </form>
  );
}
