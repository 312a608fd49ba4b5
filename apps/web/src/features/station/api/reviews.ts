import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  createFeedback,
  deleteOwnFeedback,
  listApprovedFeedbacks,
  type Review,
} from '@evcharge/api/feedbacks/feedbacks';
import type { ContractResponse } from '@evcharge/api/contract';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { staleTime } from '@/lib/query-client';

// SPEC §7 Feedbacks: GET /feedbacks/approved/{id} (a station's reviews, newest first, with the
// signed-in driver's own pending ones), POST /feedbacks, PUT /feedbacks/{id}/result/delete.

export const REVIEWS_PAGE_SIZE = 10;

export type ReviewsPage = ContractResponse<typeof listApprovedFeedbacks>;
export type ReviewBody = {
  stationId: string;
  text: string;
  isAnonymous: boolean;
  chargingWorked: boolean | null;
  /** Base64 of each photo's bytes, without a `data:` prefix. */
  photos: string[];
};

/** A guest and a driver see different lists (`mine`, `isMine`): each has its own key. */
export const reviewsQueryKey = (stationId: string, isSignedIn: boolean) =>
  ['reviews', stationId, isSignedIn ? 'driver' : 'guest'] as const;

export function useReviewsQuery(stationId: string, isSignedIn: boolean) {
  return useInfiniteQuery({
    queryKey: reviewsQueryKey(stationId, isSignedIn),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listApprovedFeedbacks, { params: { id: stationId }, query: { page: pageParam, pageSize: REVIEWS_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * REVIEWS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: staleTime.station,
  });
}

type Pages = InfiniteData<ReviewsPage, number>;

function changeFirstPage(pages: Pages | undefined, change: (page: ReviewsPage) => ReviewsPage): Pages | undefined {
  if (!pages?.pages[0]) return pages;
  const [first, ...rest] = pages.pages;
  return { ...pages, pages: [change(first), ...rest] };
}

/** POST /feedbacks: the new review waits for a moderator, shown at once among the driver's own. */
export function useCreateReviewMutation(stationId: string) {
  const client = useQueryClient();
  const key = reviewsQueryKey(stationId, true);
  return useMutation({
    mutationFn: (body: ReviewBody) => apiRequest(createFeedback, { body }),
    onSuccess: (review) => {
      client.setQueryData<Pages>(key, (pages) =>
        changeFirstPage(pages, (page) => ({ ...page, mine: [review, ...page.mine.filter((r) => r.id !== review.id)] })));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

async function deleteReviewRequest(id: string): Promise<void> {
  try {
    await apiRequest(deleteOwnFeedback, { params: { id } });
  } catch (error) {
    // Gone already (another tab, or a moderator): what the driver asked for is true.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

/** PUT /feedbacks/{id}/result/delete: the author takes back their own review. */
export function useDeleteReviewMutation(stationId: string) {
  const client = useQueryClient();
  const key = reviewsQueryKey(stationId, true);
  return useMutation({
    mutationFn: deleteReviewRequest,
    onSuccess: (_answer, id) => {
      const without = (reviews: Review[]) => reviews.filter((review) => review.id !== id);
      client.setQueryData<Pages>(key, (pages) =>
        pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, mine: without(page.mine), items: without(page.items) })) });
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
