import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { paths } from '@/app/paths';
import { powerText } from '@/components/station/power-text';
import { Icon } from '@/components/ui/icon';
import { SelectField } from '@/components/ui/select-field';
import { formatNumber } from '@/lib/format';

type CarPickerProps = { cars: readonly Car[]; carId: string | null; onChange: (carId: string | null) => void };

/** Which of the driver's cars is charging: its battery and power go into the estimate. */
export function CarPicker({ cars, carId, onChange }: CarPickerProps) {
  const { t, i18n } = useTranslation('charging');
  if (cars.length === 0) {
    return (
      <p className="car-picker car-picker--none" data-testid="precharge-no-car">
        <Icon name="car" size={22} />
        <span>
          {t('charging:cars.picker.noCar')} <Link to={paths.cars}>{t('charging:cars.picker.addCar')}</Link>
        </span>
      </p>
    );
  }
  const car = cars.find((item) => item.Id === carId);
  // What is known of the chosen car; "no model" only when it has neither a model nor any figure.
  const parts = car
    ? [
        car.batteryKwh !== null && t('charging:cars.picker.battery', { value: t('charging:units.kwh', { value: formatNumber(car.batteryKwh, i18n.language, { maximumFractionDigits: 1 }) }) }),
        car.maxAcKw !== null && t('charging:cars.picker.ac', { value: powerText(t, car.maxAcKw, i18n.language) }),
        car.maxDcKw !== null && t('charging:cars.picker.dc', { value: powerText(t, car.maxDcKw, i18n.language) }),
      ].filter((part) => part !== false)
    : [];
  const facts = parts.length > 0 ? parts.join(' · ') : t('charging:cars.picker.noFacts');
  return (
    <div className="car-picker">
      <span className="car-picker__icon" aria-hidden="true"><Icon name="car" size={22} /></span>
      <SelectField
        label={t('charging:cars.picker.label')}
        className="car-picker__field"
        value={carId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        hint={car ? facts : t('charging:cars.picker.withoutHint')}
        data-testid="precharge-car"
      >
        {cars.map((item) => <option key={item.Id} value={item.Id}>{item.name}</option>)}
        <option value="">{t('charging:cars.picker.without')}</option>
      </SelectField>
    </div>
  );
}
