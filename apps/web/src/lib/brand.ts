import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { apiRequest } from './api-client';
import { ensureContrast, fillWithReadableText } from './color';
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

// The darkest light and the lightest dark surface of global.css: AA holds on every surface.
const LIGHT_SURFACE = '#eef2f4';
const DARK_SURFACE = '#212b33';

/** Sets the CSS colour variables from the brand, adjusted so text on them stays readable. */
export function applyBrandColors(brand: Brand, root: HTMLElement = document.documentElement): void {
  const { primary, primaryDark, accent } = brand.colors;
  // Fills must stand out from the page (3:1) and carry readable text (4.5:1).
  const light = fillWithReadableText(ensureContrast(primary, LIGHT_SURFACE, 3));
  const dark = fillWithReadableText(ensureContrast(primary, DARK_SURFACE, 3));
  const vars: Record<string, string> = {
    '--brand': light.fill,
    '--on-brand': light.text,
    '--brand-strong': ensureContrast(primaryDark, LIGHT_SURFACE),
    '--brand-text-light': ensureContrast(primaryDark, LIGHT_SURFACE),
    '--brand-text-dark': ensureContrast(primary, DARK_SURFACE),
    '--brand-fill-dark': dark.fill,
    '--on-brand-dark': dark.text,
    '--accent': accent,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  const themeColor = document.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', light.fill);
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
