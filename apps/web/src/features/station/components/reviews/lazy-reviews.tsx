import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { loadNamespaces } from '@/lib/i18n';

// The reviews (their code and texts) load after the station itself: the page shows what a
// driver charges by first, and the map home's first load stays as it is.
const ReviewsSection = lazy(() =>
  Promise.all([import('./reviews-section'), loadNamespaces(['reviews'])]).then(([module]) => ({ default: module.ReviewsSection })),
);

export function LazyReviews({ stationId, previewCount }: { stationId: string; previewCount?: number }) {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Spinner label={t('common:loading')} />}>
      <ReviewsSection stationId={stationId} previewCount={previewCount} />
    </Suspense>
  );
}
