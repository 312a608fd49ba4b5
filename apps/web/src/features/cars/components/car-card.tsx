import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { paths, withSearch } from '@/app/paths';
import { powerText } from '@/components/station/power-text';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatNumber, useFormat } from '@/lib/format';
import { modelName, type CatalogueModel } from '../api/get-car-catalogue';
import { unitText } from '../model/units';
import { DeleteCarDialog } from './delete-car-dialog';

type Fact = { key: string; label: string; value: string };

/** One car: its model with battery and power, its last known state, and edit or delete. */
export function CarCard({ car, model }: { car: Car; model: CatalogueModel | undefined }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const [isDeleting, setDeleting] = useState(false);
  const language = i18n.language;
  const facts: Fact[] = [];
  if (car.batteryKwh !== null) {
    facts.push({ key: 'battery', label: t('charging:cars.card.battery'), value: t('charging:units.kwh', { value: formatNumber(car.batteryKwh, language, { maximumFractionDigits: 1 }) }) });
  }
  if (car.maxAcKw !== null) facts.push({ key: 'ac', label: t('charging:cars.card.powerAc'), value: powerText(t, car.maxAcKw, language) });
  if (car.maxDcKw !== null) facts.push({ key: 'dc', label: t('charging:cars.card.powerDc'), value: powerText(t, car.maxDcKw, language) });
  if (car.rangeKm !== null) facts.push({ key: 'range', label: t('charging:cars.card.range'), value: unitText(car.rangeKm, 'kilometer', language) });
  if (car.batteryTemperatureC !== null) {
    facts.push({ key: 'temperature', label: t('charging:cars.card.temperature'), value: unitText(car.batteryTemperatureC, 'celsius', language) });
  }

  return (
    <article className="car card" data-testid="car-card" data-car-id={car.Id} aria-labelledby={`car-${car.Id}`}>
      <header className="car__head">
        <span className="car__icon" aria-hidden="true"><Icon name="car" size={26} /></span>
        <div className="car__title">
          <h2 id={`car-${car.Id}`} className="car__name">{car.name}</h2>
          <p className="muted" data-testid="car-model">{model ? modelName(model) : t('charging:cars.card.noModel')}</p>
        </div>
      </header>
      {car.socPercent !== null && (
        <div className="car__soc" data-testid="car-soc">
          <span className="car__soc-label">{t('charging:cars.card.soc')}</span>
          <span className="car__soc-value">{format.percent(car.socPercent)}</span>
          <span className="car__soc-bar" aria-hidden="true"><span style={{ width: `${car.socPercent}%` }} /></span>
        </div>
      )}
      {facts.length > 0 && (
        <dl className="car__facts">
          {facts.map((fact) => (
            <div key={fact.key} data-testid={`car-${fact.key}`}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.length === 0 && car.socPercent === null && <p className="muted small">{t('charging:cars.card.noData')}</p>}
      {car.vin && <p className="car__vin small"><span className="muted">{t('charging:cars.card.vin')}</span> <span data-testid="car-vin">{car.vin}</span></p>}
      <footer className="car__foot">
        <p className="muted small" data-testid="car-updated">
          {t('charging:cars.card.updated', { date: format.date(car.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
        <div className="car__actions">
          <ButtonLink to={withSearch(paths.cars, { car: car.Id })} variant="secondary" aria-label={t('charging:cars.card.editLabel', { name: car.name })} data-testid="car-edit">
            {t('charging:cars.card.edit')}
          </ButtonLink>
          <Button variant="danger" icon="trash" aria-label={t('charging:cars.card.deleteLabel', { name: car.name })} onClick={() => setDeleting(true)} data-testid="car-delete">
            {t('charging:cars.card.delete')}
          </Button>
        </div>
      </footer>
      <DeleteCarDialog car={car} open={isDeleting} onClose={() => setDeleting(false)} />
    </article>
  );
}
