import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBrand, type Brand } from '@evcharge/api/brand/get-brand';
import { apiRequest } from './api-client';
import { afterFirstScreen } from './first-screen';
import { staleTime } from './query-client';

export type { Brand };

/** The element the server writes the brand into (apps/server/src/plugins/brand-page.ts). */
export const BRAND_DATA_ID = 'brand-data';

let fromPage: Brand | null | undefined;

/**
 * The brand the server wrote into the page it served (the host's brand): the app starts with
 * it, so the first render has the brand's title, icon and colours with no request. Absent
 * from a page the server did not serve (the dev server): then the brand comes by the API.
 */
export function pageBrand(): Brand | undefined {
  if (fromPage === undefined) {
    fromPage = null;
    const text = typeof document === 'undefined' ? null : document.getElementById(BRAND_DATA_ID)?.textContent;
    try {
      const value: unknown = text ? JSON.parse(text) : null;
      if (value && typeof value === 'object' && 'id' in value && 'colors' in value) fromPage = value as Brand;
    } catch {
      // A page without a readable brand starts like one without any.
    }
  }
  return fromPage ?? undefined;
}

/** Tests: read the page's brand again. */
export function forgetPageBrand(): void {
  fromPage = undefined;
}

/**
 * The brand: the page's at once, asked for again once the first screen has rendered, so the
 * request stays off the first screen's path. The boot redirect for `isNewDesign` needs it
 * before anything renders and passes `{ waitForFirstScreen: false }`.
 */
export const brandQueryOptions = ({ waitForFirstScreen = true } = {}) =>
  queryOptions({
    queryKey: ['brand'],
    queryFn: async ({ signal }) => {
      if (waitForFirstScreen) await afterFirstScreen();
      return apiRequest(getBrand, { signal });
    },
    // The page's brand at once; asked again after the first screen, as before (a page the
    // service worker kept may be older than the brand).
    initialData: pageBrand,
    initialDataUpdatedAt: 0,
    staleTime: staleTime.brand,
  });

export function useBrandQuery() {
  return useQuery(brandQueryOptions());
}

/** "Page · Brand" in the tab title: screen readers announce it on every route change. */
export function useDocumentTitle(page?: string): void {
  const { data: brand } = useBrandQuery();
  const brandTitle = brand?.title;
  useEffect(() => {
    const parts = [page, brandTitle].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' · ');
  }, [page, brandTitle]);
}
