import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { signInBodySchema } from '@evcharge/api/auth/sign-in';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useSignInMutation } from '../api/sign-in';
import './auth.css';

const loginSchema = signInBodySchema.omit({ userType: true });
type LoginInput = z.input<typeof loginSchema>;

/** The sign-in form of the /login page and of the login dialog. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const signInMutation = useSignInMutation();
  const { register, handleSubmit, setError, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { login: '', password: '' },
  });
  const { errors } = formState;
  const error = signInMutation.error;
  const isBlocked = error instanceof ApiError && error.code === 'ACCOUNT_BLOCKED';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signInMutation.mutateAsync(values);
      onSignedIn();
    } catch (caught) {
      applyFieldErrors(caught, ['login', 'password'] as const, setError);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="login-form">
      {error && (
        <Alert tone="error" testId="login-error">
          <p>{errorText(t, error)}</p>
          {isBlocked && <Link to={paths.forgot}>{t('auth:login.setNewPassword')}</Link>}
        </Alert>
      )}
      <Field
        label={t('auth:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-testid="login-email"
        error={fieldErrorText(t, errors.login)}
        {...register('login')}
      />
      <Field
        label={t('auth:fields.password')}
        type="password"
        autoComplete="current-password"
        revealLabels={{ show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') }}
        data-testid="login-password"
        error={fieldErrorText(t, errors.password)}
        {...register('password')}
      />
      <div className="auth-form__aside">
        <Link to={paths.forgot} data-testid="login-forgot">{t('auth:login.forgot')}</Link>
      </div>
      <Button type="submit" block isLoading={signInMutation.isPending} data-testid="login-submit">
        {t('auth:login.submit')}
      </Button>
      <p className="auth__switch">
        {t('auth:login.noAccount')} <Link to={paths.register} data-testid="login-register">{t('auth:login.register')}</Link>
      </p>
    </form>
  );
}
