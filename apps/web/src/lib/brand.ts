import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { apiRequest } from './api-client';
import { brandColorVariables } from '@evcharge/domain/brand-colors';
import { afterFirstScreen } from './first-screen';
import { staleTime } from './query-client';

export type { Brand };

/**
 * The contract module carries zod schemas (~25 kB gzip). The shell paints with the built-in
 * brand defaults, so by default the brand is asked for once the first screen has rendered and
 * zod stays off its network path (first-load JS under 150 kB). The boot redirect for
 * `isNewDesign` needs it before anything renders and passes `{ waitForFirstScreen: false }`.
 */
/** The brand's contract, and with it zod: loaded on demand, off the first screen's path. */
export function loadBrandContract() {
  return import('@evcharge/api/brand/get-brand');
}

export const brandQueryOptions = ({ waitForFirstScreen = true } = {}) =>
  queryOptions({
    queryKey: ['brand'],
    queryFn: async ({ signal }) => {
      if (waitForFirstScreen) await afterFirstScreen();
      const { getBrand } = await loadBrandContract();
      return apiRequest(getBrand, { signal });
    },
    staleTime: staleTime.brand,
  });

export function useBrandQuery() {
  return useQuery(brandQueryOptions());
}

/**
 * Sets the CSS colour variables from the brand, adjusted so text on them stays readable. The
 * server writes the same ones into the page it serves (the first paint has them); this keeps
 * them right when the brand comes by the API (development, a page kept from before).
 */
export function applyBrandColors(brand: Brand, root: HTMLElement = document.documentElement): void {
  const { variables, themeColor } = brandColorVariables(brand.colors);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
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
