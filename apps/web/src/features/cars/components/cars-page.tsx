import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { CarEditor } from './car-editor';
import { CarList } from './car-list';
import '@/components/charge/charge.css';
import '@/components/ui/card.css';
import './cars.css';

/** cars (SPEC §2 "my cars"): the driver's cars, and at `?car=new` or `?car=<Id>` the form. */
export function CarsPage() {
  const { t } = useTranslation('charging');
  const [params] = useSearchParams();
  const car = params.get('car');
  useDocumentTitle(t('charging:cars.title'));
  return car === null ? <CarList /> : <CarEditor carId={car === 'new' ? null : car} />;
}
