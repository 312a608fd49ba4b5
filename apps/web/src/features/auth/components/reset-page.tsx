import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema, rule } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { fieldErrorText } from '@/lib/form';
import { useSetPasswordMutation } from '../api/set-password';
import { LinkInvalid } from './link-invalid';
import { PasswordChanged } from './password-changed';
import './auth.css';

// domain's passwordPairSchema, plus "required" on an empty repeat right away.
const schema = z
  .object({
    password: passwordSchema,
    repeat: z.string({ error: rule.required }).min(1, { error: rule.required }),
  })
  .refine((value) => value.password === value.repeat, { error: rule.passwordsDiffer, path: ['repeat'] });
type Input = z.input<typeof schema>;

/** /resetPage?token=…: the new password from the mailed link (PUT /auth/setPassClient). */
export function ResetPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const setPasswordMutation = useSetPasswordMutation();
  const { register, handleSubmit, setError, formState } = useForm<Input>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });
  const { errors } = formState;
  const reveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };
  useDocumentTitle(t('auth:reset.title'));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setPasswordMutation.mutateAsync({ token, ...values });
    } catch (caught) {
      applyFieldErrors(caught, ['password', 'repeat'] as const, setError);
    }
  });

  const error = setPasswordMutation.error;
  if (!token || (error instanceof ApiError && error.code === 'LINK_INVALID')) {
    return <LinkInvalid title={t('auth:reset.invalidTitle')} text={t('auth:reset.invalidText')} action="forgot" />;
  }
  if (setPasswordMutation.isSuccess) return <PasswordChanged />;

  return (
    <div className="auth">
      <div className="auth__intro">
        <h1>{t('auth:reset.title')}</h1>
        <p className="auth__lead">{t('auth:reset.lead')}</p>
      </div>
      <div className="auth__panel">
        <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="reset-form">
          {error && <Alert tone="error" testId="reset-error"><p>{errorText(t, error)}</p></Alert>}
          <Field label={t('auth:fields.newPassword')} type="password" autoComplete="new-password"
            hint={t('auth:fields.passwordHint')} revealLabels={reveal} data-testid="reset-password"
            error={fieldErrorText(t, errors.password)} {...register('password')} />
          <Field label={t('auth:fields.repeat')} type="password" autoComplete="new-password"
            revealLabels={reveal} data-testid="reset-repeat"
            error={fieldErrorText(t, errors.repeat)} {...register('repeat')} />
          <Button type="submit" block isLoading={setPasswordMutation.isPending} data-testid="reset-submit">
            {t('auth:reset.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
