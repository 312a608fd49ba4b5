import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { listApprovedFeedbacks } from '@evcharge/api/feedbacks/feedbacks';
import { apiRequest } from '@/lib/api-client';
import { loadNamespaces } from '@/lib/i18n';
import { staleTime } from '@/lib/query-client';

// "Verified working" on the map's station sheet (SPEC §3 Review/feedback): the verdict the
// station's reviews answer carries, asked for one review only. Its texts and code load with it,
// after the sheet itself, so the map's first load stays as it is.

const StationVerdict = lazy(() =>
  Promise.all([import('./station-verdict'), loadNamespaces(['reviews'])]).then(([module]) => ({
    default: module.ReviewsVerdict,
  })),
);

export function SheetVerdict({ stationId }: { stationId: string }) {
  const query = useQuery({
    queryKey: ['reviews', stationId, 'verdict'],
    queryFn: async ({ signal }) => {
      const page = await apiRequest(listApprovedFeedbacks, {
        params: { id: stationId },
        query: { page: 1, pageSize: 1 },
        signal,
      });
      return page.verdict;
    },
    staleTime: staleTime.station,
  });
  if (!query.data) return null;
  return (
    <Suspense fallback={null}>
      <StationVerdict verdict={query.data} />
    </Suspense>
  );
}
