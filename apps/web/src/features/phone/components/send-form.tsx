import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { phoneConfirmMethods, type PhoneConfirmMethod } from '@evcharge/api/phone/phone-schemas';
import { countries, type Country } from '@evcharge/domain/constants';
import { phoneCountries, phoneCountriesFor, phoneSchemaFor } from '@evcharge/domain/phone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon, type IconName } from '@/components/ui/icon';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { ApiError, applyFieldErrors } from '@/lib/api-error';
import { useBrandQuery } from '@/lib/brand';
import { fieldErrorText } from '@/lib/form';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { phoneErrorText } from '../utils/error-text';

export type SendDraft = { phone: string; method: PhoneConfirmMethod };

const methodIcons: Record<PhoneConfirmMethod, IconName> = { sms: 'mail', call: 'phone', qr: 'qr' };

function brandCountry(value: string | undefined): Country {
  return (countries as readonly string[]).includes(value ?? '') ? (value as Country) : 'ru';
}

type SendFormProps = {
  defaultPhone: string;
  defaultMethod: PhoneConfirmMethod;
  /** Epoch ms before which the server takes no new code (its resend wait); 0: now. */
  waitUntil: number;
  isSending: boolean;
  error: unknown;
  onSend: (draft: SendDraft) => Promise<void>;
};

/** The phone (RU, AZ, UZ and the brand's country) and the way to confirm it. */
export function SendForm({
  defaultPhone,
  defaultMethod,
  waitUntil,
  isSending,
  error,
  onSend,
}: SendFormProps) {
  const { t } = useTranslation('profile');
  const waitLeft = useCountdown(waitUntil);
  const brand = useBrandQuery();
  const allowed = phoneCountriesFor(brandCountry(brand.data?.country));
  const prefixes = [...new Set(allowed.map((country) => phoneCountries[country].prefix))].join(
    ', ',
  );
  const schema = z.object({ phone: phoneSchemaFor(allowed) });
  const [method, setMethod] = useState<PhoneConfirmMethod>(defaultMethod);
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { phone: defaultPhone },
  });

  const onSubmit = handleSubmit(async ({ phone }) => {
    if (waitLeft > 0) return;
    try {
      await onSend({ phone, method });
    } catch (caught) {
      applyFieldErrors(caught, ['phone'] as const, setError);
    }
  });

  const isFieldError =
    error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0;
  return (
    <form
      className="phone__panel phone-form"
      noValidate
      onSubmit={onSubmit}
      data-testid="phone-send-form"
    >
      {Boolean(error) && !isFieldError && (
        <Alert tone="error" testId="phone-send-error">
          <p>{phoneErrorText(t, error)}</p>
        </Alert>
      )}
      <Field
        label={t('profile:phone.form.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 999 123-45-67"
        hint={t('profile:phone.form.prefixHint', { prefixes })}
        data-testid="phone-input"
        error={fieldErrorText(t, formState.errors.phone)}
        {...register('phone')}
      />
      <div className="phone-form__method">
        <SegmentedChoice
          legend={t('profile:phone.form.method')}
          name="method"
          value={method}
          options={phoneConfirmMethods.map((value) => ({
            value,
            label: t(`profile:phone.methods.${value}`),
            testId: `phone-method-${value}`,
          }))}
          onChange={setMethod}
          testId="phone-method"
        />
        <p className="phone-form__method-hint" data-testid="phone-method-hint">
          <Icon name={methodIcons[method]} size={20} />
          <span>{t(`profile:phone.methods.hint.${method}`)}</span>
        </p>
      </div>
      <Button
        type="submit"
        block
        isLoading={isSending}
        disabled={waitLeft > 0}
        data-testid="phone-send"
      >
        {waitLeft > 0
          ? t('profile:phone.resend.wait', { time: formatCountdown(waitLeft) })
          : t(`profile:phone.form.submit.${method}`)}
      </Button>
    </form>
  );
}
