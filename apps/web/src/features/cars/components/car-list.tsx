import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useCarsQuery } from '@/lib/cars-query';
import { useCarCatalogueQuery } from '../api/get-car-catalogue';
import { CarCard } from './car-card';

export const newCarPath = withSearch(paths.cars, { car: 'new' });

/** The cars with what is known of each; the empty state says why to add one. */
export function CarList() {
  const { t } = useTranslation('charging');
  const query = useCarsQuery();
  const catalogue = useCarCatalogueQuery();
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const cars = query.data ?? [];
  return (
    <div className="cars" data-testid="cars-page">
      <header className="cars__header">
        <div className="cars__intro">
          <h1>{t('charging:cars.title')}</h1>
          <p className="muted">{t('charging:cars.subtitle')}</p>
        </div>
        {cars.length > 0 && (
          <ButtonLink to={newCarPath} variant="primary" icon="car" data-testid="cars-add">{t('charging:cars.add')}</ButtonLink>
        )}
      </header>
      {saved && <Alert tone="success" testId="cars-saved"><p>{t('charging:cars.saved', { name: saved })}</p></Alert>}
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="cars-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && cars.length === 0 && (
        <section className="charging-empty cars__empty" data-testid="cars-empty">
          <span className="charging-empty__icon" aria-hidden="true"><Icon name="car" size={36} /></span>
          <h2>{t('charging:cars.empty.title')}</h2>
          <p className="muted">{t('charging:cars.empty.text')}</p>
          <ButtonLink to={newCarPath} variant="primary" icon="car" data-testid="cars-add-first">{t('charging:cars.add')}</ButtonLink>
        </section>
      )}
      {cars.length > 0 && (
        <ul className="cars__list" data-testid="cars-list">
          {cars.map((car) => (
            <li key={car.Id}>
              <CarCard car={car} model={catalogue.data?.find((model) => model.id === car.catalogueId)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
