import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema, rule } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useChangePasswordMutation } from '../api/account-api';

// SPEC §5 and §7 changepassword: old, new and its repeat, with the password rules.
const passwordFormSchema = z
  .object({
    Password: z.string().min(1, { error: rule.required }),
    NewPassword: passwordSchema,
    ConfirmNewPassword: z.string().min(1, { error: rule.required }),
  })
  .refine((value) => value.NewPassword === value.ConfirmNewPassword, {
    error: rule.passwordsDiffer,
    path: ['ConfirmNewPassword'],
  });
type Values = z.infer<typeof passwordFormSchema>;

const fieldNames = ['Password', 'NewPassword', 'ConfirmNewPassword'] as const;

export function PasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const change = useChangePasswordMutation(userId);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { Password: '', NewPassword: '', ConfirmNewPassword: '' },
  });
  const { errors } = formState;
  const reveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset();
    } catch (caught) {
      applyFieldErrors(caught, fieldNames, setError);
    }
  });

  return (
    <Card title={t('profile:account.password.title')} testId="password-card">
      <form className="account-form" noValidate onSubmit={onSubmit} data-testid="password-form">
        {change.error && (
          <Alert tone="error" testId="password-error"><p>{errorText(t, change.error)}</p></Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success" testId="password-changed"><p>{t('profile:account.password.changed')}</p></Alert>
        )}
        <Field label={t('profile:account.password.current')} type="password" autoComplete="current-password"
          revealLabels={reveal} data-testid="password-current"
          error={fieldErrorText(t, errors.Password)} {...register('Password')} />
        <Field label={t('profile:account.password.new')} type="password" autoComplete="new-password"
          revealLabels={reveal} hint={t('auth:fields.passwordHint')} data-testid="password-new"
          error={fieldErrorText(t, errors.NewPassword)} {...register('NewPassword')} />
        <Field label={t('profile:account.password.repeat')} type="password" autoComplete="new-password"
          revealLabels={reveal} data-testid="password-repeat"
          error={fieldErrorText(t, errors.ConfirmNewPassword)} {...register('ConfirmNewPassword')} />
        <Button type="submit" variant="secondary" isLoading={change.isPending} data-testid="password-submit">
          {t('profile:account.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
