import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@evcharge/api/common';
import { personBodySchema } from '@evcharge/api/account/persons';
import type { z } from 'zod';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useSavePersonMutation } from '../api/account-api';

type Input = z.input<typeof personBodySchema>;
type Values = z.output<typeof personBodySchema>;

const fieldNames = ['name', 'surname', 'patronymic', 'email', 'phone'] as const;

function ConfirmedBadge({ confirmed, testId }: { confirmed: boolean; testId: string }) {
  const { t } = useTranslation('profile');
  return confirmed ? (
    <Badge tone="success" testId={testId}>{t('profile:account.confirmed')}</Badge>
  ) : (
    <Badge tone="warning" testId={testId}>{t('profile:account.notConfirmed')}</Badge>
  );
}

function formValues(user: User): Input {
  return {
    name: user.name,
    surname: user.surname ?? '',
    patronymic: user.patronymic ?? '',
    email: user.email,
    phone: user.phone ?? '',
  };
}

/** `profileset`: the personal data, with what a new e-mail or phone must confirm again. */
export function PersonForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const save = useSavePersonMutation();
  const { register, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(personBodySchema),
    defaultValues: formValues(user),
  });
  const { errors, isDirty } = formState;
  const result = save.data;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      // The saved values, as the server keeps them (trimmed, phone in E.164), are the new start.
      reset(formValues(saved.user));
    } catch (caught) {
      applyFieldErrors(caught, fieldNames, setError);
    }
  });

  return (
    <Card title={t('profile:account.person.title')} testId="person-card">
      <form className="account-form" noValidate onSubmit={onSubmit} data-testid="person-form">
        {save.error && (
          <Alert tone="error" testId="person-error"><p>{errorText(t, save.error)}</p></Alert>
        )}
        {result && !save.isPending && !isDirty && (
          <Alert tone="success" testId="person-saved">
            <p>{t('profile:account.person.saved')}</p>
            {result.emailConfirmationSent && (
              <p data-testid="person-email-sent">
                {t('profile:account.person.emailSent', { email: result.user.email })}
              </p>
            )}
            {result.phoneConfirmationNeeded && (
              <Link to={paths.confirmPhone} data-testid="person-confirm-phone">
                {t('profile:account.person.confirmPhone')}
              </Link>
            )}
          </Alert>
        )}
        <div className="account-form__row">
          <Field label={t('profile:account.person.name')} autoComplete="given-name" data-testid="person-name"
            error={fieldErrorText(t, errors.name)} {...register('name')} />
          <Field label={t('profile:account.person.surname')} autoComplete="family-name" data-testid="person-surname"
            error={fieldErrorText(t, errors.surname)} {...register('surname')} />
        </div>
        <Field label={t('profile:account.person.patronymic')} autoComplete="additional-name" data-testid="person-patronymic"
          error={fieldErrorText(t, errors.patronymic)} {...register('patronymic')} />
        <div className="account-form__with-badge">
          <Field label={t('profile:account.person.email')} type="email" inputMode="email" autoComplete="email"
            autoCapitalize="none" spellCheck={false} data-testid="person-email"
            hint={t('profile:account.person.emailHint')}
            error={fieldErrorText(t, errors.email)} {...register('email')} />
          <ConfirmedBadge confirmed={user.isEmailConfirmed} testId="person-email-status" />
        </div>
        <div className="account-form__with-badge">
          <Field label={t('profile:account.person.phone')} type="tel" inputMode="tel" autoComplete="tel"
            data-testid="person-phone" hint={t('profile:account.person.phoneHint')}
            error={fieldErrorText(t, errors.phone)} {...register('phone')} />
          {user.phone && <ConfirmedBadge confirmed={user.isPhoneConfirmed} testId="person-phone-status" />}
        </div>
        {user.phone && !user.isPhoneConfirmed && (
          <Link className="account-form__link" to={paths.confirmPhone} data-testid="person-phone-confirm-link">
            {t('profile:account.person.confirmPhone')}
          </Link>
        )}
        <Button type="submit" isLoading={save.isPending} data-testid="person-submit">
          {t('profile:account.person.submit')}
        </Button>
      </form>
    </Card>
  );
}
