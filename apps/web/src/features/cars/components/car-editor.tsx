import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useCarsQuery } from '@/lib/cars-query';
import { CarForm } from './car-form';

/** The form for a new car (`carId` null) or one of the driver's cars. */
export function CarEditor({ carId }: { carId: string | null }) {
  const { t } = useTranslation('charging');
  const navigate = useNavigate();
  const cars = useCarsQuery();
  const car = carId === null ? undefined : cars.data?.find((item) => item.Id === carId);
  const title = carId === null ? t('charging:cars.form.newTitle') : t('charging:cars.form.editTitle');

  function body() {
    if (carId === null) return <CarForm onSaved={(saved) => navigate(paths.cars, { state: { saved: saved.name } })} />;
    if (cars.isPending) return <Spinner label={t('common:loading')} />;
    if (cars.isError && !cars.data) {
      return (
        <div className="stack">
          <Alert tone="error" testId="cars-error"><p>{errorText(t, cars.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void cars.refetch()}>{t('common:retry')}</Button>
        </div>
      );
    }
    if (!car) return <Alert tone="warning" testId="car-not-found"><p>{t('charging:cars.form.notFound')}</p></Alert>;
    return <CarForm key={car.Id} car={car} onSaved={(saved) => navigate(paths.cars, { state: { saved: saved.name } })} />;
  }

  return (
    <div className="cars cars--form" data-testid="car-editor">
      <ButtonLink to={paths.cars} variant="ghost" icon="arrowLeft" className="charging-back" data-testid="car-back">{t('charging:cars.form.back')}</ButtonLink>
      <h1>{title}</h1>
      {body()}
    </div>
  );
}
