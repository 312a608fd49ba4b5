import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useSignUpMutation } from '../api/sign-up';
import { registerFormSchema, type RegisterFormInput, type RegisterFormValues } from './register-schema';
import './auth.css';

const fieldNames = ['name', 'email', 'password', 'repeat', 'termsAccepted'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const signUpMutation = useSignUpMutation();
  const { register, handleSubmit, setError, formState } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', repeat: '', termsAccepted: false as unknown as true },
  });
  const { errors } = formState;
  const error = signUpMutation.error;
  const isTaken = error instanceof ApiError && error.code === 'EMAIL_TAKEN';
  const reveal = { show: t('auth:fields.showPassword'), hide: t('auth:fields.hidePassword') };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUpMutation.mutateAsync(values);
      onRegistered(values.email);
    } catch (caught) {
      applyFieldErrors(caught, fieldNames, setError);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="register-form">
      {error && (
        <Alert tone="error" testId="register-error">
          <p>{errorText(t, error)}</p>
          {isTaken && <Link to={paths.login}>{t('auth:register.signInInstead')}</Link>}
        </Alert>
      )}
      <Field label={t('auth:fields.name')} autoComplete="given-name" data-testid="register-name"
        error={fieldErrorText(t, errors.name)} {...register('name')} />
      <Field label={t('auth:fields.email')} type="email" inputMode="email" autoComplete="email"
        autoCapitalize="none" spellCheck={false} data-testid="register-email"
        error={fieldErrorText(t, errors.email)} {...register('email')} />
      <Field label={t('auth:fields.password')} type="password" autoComplete="new-password"
        hint={t('auth:fields.passwordHint')} revealLabels={reveal} data-testid="register-password"
        error={fieldErrorText(t, errors.password)} {...register('password')} />
      <Field label={t('auth:fields.repeat')} type="password" autoComplete="new-password"
        revealLabels={reveal} data-testid="register-repeat"
        error={fieldErrorText(t, errors.repeat)} {...register('repeat')} />
      <Checkbox
        data-testid="register-terms"
        error={fieldErrorText(t, errors.termsAccepted)}
        label={
          <Trans
            t={t}
            i18nKey="auth:register.terms"
            components={{
              terms: <Link to={paths.termsOfUse} target="_blank" rel="noopener" />,
              privacy: <Link to={paths.privacyPolicy} target="_blank" rel="noopener" />,
            }}
          />
        }
        {...register('termsAccepted')}
      />
      <Button type="submit" block isLoading={signUpMutation.isPending} data-testid="register-submit">
        {t('auth:register.submit')}
      </Button>
      <p className="auth__switch">
        {t('auth:register.haveAccount')} <Link to={paths.login}>{t('auth:register.signIn')}</Link>
      </p>
    </form>
  );
}
