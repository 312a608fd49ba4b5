import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { Spinner } from '@/components/ui/spinner';

// The OCPI tariff maths and the card load only at a roaming partner's station: our own stations
// never need them, and the router's preload list for this page (part of the map home's first
// load) stays as it is.
const RoamingTariffCard = lazy(() => import('./roaming-tariff-card').then((module) => ({ default: module.RoamingTariffCard })));

export function LazyRoamingTariffCard({ station }: { station: StationDetail & { roaming: NonNullable<StationDetail['roaming']> } }) {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Spinner label={t('common:loading')} />}>
      <RoamingTariffCard station={station} />
    </Suspense>
  );
}
