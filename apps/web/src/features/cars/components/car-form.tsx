import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { paths } from '@/app/paths';
import { powerText } from '@/components/station/power-text';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { fieldErrorText } from '@/lib/form';
import { useCreateCarMutation } from '../api/create-car';
import { modelName, useCarCatalogueQuery, type CatalogueModel } from '../api/get-car-catalogue';
import { useUpdateCarMutation } from '../api/update-car';
import { carBodyOf, carFormDefaults, carFormFields, carFormSchema, type CarFormInput, type CarFormValues } from '../model/car-form';
import { unitSymbol } from '../model/units';

type CarFormProps = { car?: Car; onSaved: (car: Car) => void };

/** Makes in order, each with its models: one <optgroup> per make. */
function byMake(models: readonly CatalogueModel[]): [string, CatalogueModel[]][] {
  const groups = new Map<string, CatalogueModel[]>();
  for (const model of models) groups.set(model.make, [...(groups.get(model.make) ?? []), model]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** Add or change a car, checked with the server's rules before anything is sent. */
export function CarForm({ car, onSaved }: CarFormProps) {
  const { t, i18n } = useTranslation('charging');
  const language = i18n.language;
  const catalogue = useCarCatalogueQuery();
  const create = useCreateCarMutation();
  const update = useUpdateCarMutation();
  const mutation = car ? update : create;
  const { register, handleSubmit, setError, formState, control } = useForm<CarFormInput, unknown, CarFormValues>({
    resolver: zodResolver(carFormSchema),
    defaultValues: carFormDefaults(car),
  });
  const { errors } = formState;
  const chosenId = useWatch({ control, name: 'catalogueId' });
  const chosen = catalogue.data?.find((model) => model.id === chosenId);
  const error = mutation.error;
  // Field rules show on their fields; anything else (other codes, a field the form lacks) above.
  const isOnFields = error instanceof ApiError && error.fields.length > 0 &&
    error.fields.every((field) => (carFormFields as readonly string[]).includes(field.path));

  const onSubmit = handleSubmit(async (values) => {
    const body = carBodyOf(values, car);
    try {
      const saved = car ? await update.mutateAsync({ id: car.Id, body }) : await create.mutateAsync(body);
      onSaved(saved);
    } catch (caught) {
      applyFieldErrors(caught, carFormFields, setError);
    }
  });

  const modelHint = chosen
    ? t('charging:cars.form.modelFacts', {
        battery: t('charging:units.kwh', { value: formatNumber(chosen.batteryKwh, language, { maximumFractionDigits: 1 }) }),
        ac: powerText(t, chosen.maxAcKw, language),
        dc: powerText(t, chosen.maxDcKw, language),
      })
    : t('charging:cars.form.modelHint');

  return (
    <form className="car-form card" noValidate onSubmit={onSubmit} data-testid="car-form">
      {error && !isOnFields && (
        <Alert tone="error" testId="car-form-error">
          <p data-code={error instanceof ApiError ? error.code : undefined}>{errorText(t, error)}</p>
        </Alert>
      )}
      <fieldset className="car-form__group">
        <legend>{t('charging:cars.form.about')}</legend>
        <Field label={t('charging:cars.form.name')} autoComplete="off" hint={t('charging:cars.form.nameHint')} data-testid="car-name"
          error={fieldErrorText(t, errors.name)} errorTestId="car-name-error" {...register('name')} />
        <SelectField label={t('charging:cars.form.model')} data-testid="car-model-select" hint={<span data-testid="car-model-hint">{modelHint}</span>}
          error={catalogue.isError ? t('charging:cars.form.catalogueFailed') : fieldErrorText(t, errors.catalogueId)} {...register('catalogueId')}>
          <option value="">{t('charging:cars.form.noModel')}</option>
          {/* The car's model stays choosable while the catalogue loads, so the form never loses it. */}
          {!catalogue.data && car?.catalogueId && <option value={car.catalogueId}>{car.catalogueId}</option>}
          {byMake(catalogue.data ?? []).map(([make, models]) => (
            <optgroup key={make} label={make}>
              {models.map((model) => <option key={model.id} value={model.id}>{modelName(model)}</option>)}
            </optgroup>
          ))}
        </SelectField>
        <Field label={t('charging:cars.form.vin')} autoComplete="off" autoCapitalize="characters" spellCheck={false} hint={t('charging:cars.form.vinHint')}
          className="car-form__vin" data-testid="car-vin-input" error={fieldErrorText(t, errors.vin)} errorTestId="car-vin-error" {...register('vin')} />
      </fieldset>
      <fieldset className="car-form__group">
        <legend>{t('charging:cars.form.now')}</legend>
        <p className="muted small">{t('charging:cars.form.nowHint')}</p>
        <div className="car-form__numbers">
          <Field label={t('charging:cars.form.soc')} inputMode="numeric" suffix={unitSymbol('percent', language)} data-testid="car-soc-input"
            error={fieldErrorText(t, errors.socPercent)} errorTestId="car-soc-error" {...register('socPercent')} />
          <Field label={t('charging:cars.form.range')} inputMode="numeric" suffix={unitSymbol('kilometer', language)} data-testid="car-range-input"
            error={fieldErrorText(t, errors.rangeKm)} errorTestId="car-range-error" {...register('rangeKm')} />
          <Field label={t('charging:cars.form.temperature')} suffix={unitSymbol('celsius', language)} data-testid="car-temperature-input"
            error={fieldErrorText(t, errors.batteryTemperatureC)} errorTestId="car-temperature-error" {...register('batteryTemperatureC')} />
        </div>
      </fieldset>
      <div className="car-form__actions">
        <ButtonLink to={paths.cars} variant="secondary">{t('charging:cars.form.cancel')}</ButtonLink>
        <Button type="submit" icon="check" isLoading={mutation.isPending} data-testid="car-save">
          {car ? t('charging:cars.form.save') : t('charging:cars.form.create')}
        </Button>
      </div>
    </form>
  );
}
