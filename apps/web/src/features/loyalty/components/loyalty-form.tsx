import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LoyaltyCard, LoyaltyCompany } from '@evcharge/api/loyalty/loyalty';
import { paths } from '@/app/paths';
import { benefitText } from '@/components/loyalty/loyalty-text';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Field } from '@/components/ui/field';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/form';
import { useCreateLoyaltyCardMutation } from '../api/create-card';
import { useUpdateLoyaltyCardMutation } from '../api/update-card';
import {
  createBodyOf, loyaltyFormDefaults, loyaltyFormFields, loyaltyFormSchema, updateBodyOf, WRONG_NUMBER,
  type LoyaltyFormInput, type LoyaltyFormValues,
} from '../model/loyalty-form';

type LoyaltyFormProps = {
  companies: readonly LoyaltyCompany[];
  card?: LoyaltyCard;
  isFirst: boolean;
  onSaved: (card: LoyaltyCard) => void;
};

/** The server's answers about the number itself show on the number field. */
const numberCodes = new Set(['LOYALTY_WRONG_NUMBER', 'LOYALTY_ALREADY_ADDED']);

/** A number field error: a rule of validation.json, or one of the server's loyalty codes. */
function numberErrorText(t: TFunction, error: { message?: string | undefined } | undefined): string | undefined {
  if (error?.message && (error.message === WRONG_NUMBER || numberCodes.has(error.message))) return t(`errors:${error.message}`);
  return fieldErrorText(t, error);
}

/** "13 digits, starting with 460": what the programme's numbers look like. */
function numberHint(t: TFunction, company: LoyaltyCompany | undefined): string {
  if (!company) return t('loyalty:form.numberHintNoCompany');
  const { length, prefix } = company.format;
  return prefix ? t('loyalty:form.numberHintPrefix', { length, prefix }) : t('loyalty:form.numberHint', { length });
}

/** Add a card (its programme, number, name) or change one, checked with the programme's format first. */
export function LoyaltyForm({ companies, card, isFirst, onSaved }: LoyaltyFormProps) {
  const { t, i18n } = useTranslation('loyalty');
  const create = useCreateLoyaltyCardMutation();
  const update = useUpdateLoyaltyCardMutation();
  const mutation = card ? update : create;
  const companyOf = (id: string) => companies.find((company) => company.id === id) ?? (card?.company.id === id ? card.company : undefined);
  const { register, handleSubmit, setError, setValue, formState, control } = useForm<LoyaltyFormInput, unknown, LoyaltyFormValues>({
    resolver: zodResolver(loyaltyFormSchema(companyOf)),
    defaultValues: loyaltyFormDefaults(card, isFirst),
  });
  const { errors, isSubmitted } = formState;
  const companyId = useWatch({ control, name: 'companyId' });
  const company = companyOf(companyId);
  const error = mutation.error;
  const isOnFields = error instanceof ApiError &&
    (numberCodes.has(error.code) ||
      (error.fields.length > 0 && error.fields.every((field) => (loyaltyFormFields as readonly string[]).includes(field.path))));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = card ? await update.mutateAsync({ id: card.id, body: updateBodyOf(values, card) }) : await create.mutateAsync(createBodyOf(values));
      onSaved(saved);
    } catch (caught) {
      if (caught instanceof ApiError && numberCodes.has(caught.code)) setError('number', { type: 'server', message: caught.code }, { shouldFocus: true });
      else applyFieldErrors(caught, loyaltyFormFields, setError);
    }
  });

  return (
    <form className="loyalty-form card" noValidate onSubmit={onSubmit} data-testid="loyalty-form">
      {error && !isOnFields && (
        <Alert tone="error" testId="loyalty-form-error">
          <p data-code={error instanceof ApiError ? error.code : undefined}>{errorText(t, error)}</p>
        </Alert>
      )}
      {card ? (
        <p className="loyalty-form__company">
          <span className="muted small">{t('loyalty:form.company')}</span>
          <strong>{card.company.name}</strong>
          <span className="muted small">{benefitText(t, card.company.benefit, i18n.language)}</span>
        </p>
      ) : (
        <div className="loyalty-form__companies">
          <ChoiceGroup
            legend={t('loyalty:form.company')}
            name="loyalty-company"
            value={companyId}
            columns={1}
            testId="loyalty-company"
            onChange={(id) => setValue('companyId', id, { shouldValidate: isSubmitted })}
            choices={companies.map((each) => ({
              value: each.id,
              testId: `loyalty-company-${each.id}`,
              label: (
                <span className="loyalty-company">
                  {each.logoUrl
                    ? <img className="loyalty-company__logo" src={each.logoUrl} alt="" width={32} height={32} />
                    : <span className="loyalty-company__logo" style={{ backgroundColor: each.color, color: each.textColor }} aria-hidden="true">{each.name.slice(0, 1)}</span>}
                  {each.name}
                </span>
              ),
              description: benefitText(t, each.benefit, i18n.language),
            }))}
          />
          {errors.companyId && <p className="field__error" role="alert" data-testid="loyalty-company-error">{t('loyalty:form.companyRequired')}</p>}
        </div>
      )}
      <Field label={t('loyalty:form.number')} inputMode="numeric" autoComplete="off" spellCheck={false}
        hint={numberHint(t, company)} maxLength={48} className="loyalty-form__number" data-testid="loyalty-number"
        error={numberErrorText(t, errors.number)} errorTestId="loyalty-number-error" errorIsAlert {...register('number')} />
      <Field label={t('loyalty:form.name')} autoComplete="off" hint={t('loyalty:form.nameHint')} data-testid="loyalty-name"
        error={fieldErrorText(t, errors.name)} errorTestId="loyalty-name-error" {...register('name')} />
      {!card?.isDefault && <Checkbox label={t('loyalty:form.isDefault')} data-testid="loyalty-default" {...register('isDefault')} />}
      <div className="loyalty-form__actions">
        <ButtonLink to={paths.loyaltyCards} variant="secondary">{t('loyalty:form.cancel')}</ButtonLink>
        <Button type="submit" icon="check" isLoading={mutation.isPending} data-testid="loyalty-save">
          {card ? t('loyalty:form.save') : t('loyalty:form.create')}
        </Button>
      </div>
    </form>
  );
}
