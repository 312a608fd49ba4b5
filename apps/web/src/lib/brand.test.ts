import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { buildBrand } from '@/test/builders';
import { BRAND_DATA_ID, forgetPageBrand, pageBrand, useBrandQuery } from './brand';
import { applyBrandColors } from './brand-colors';

// SPEC §1: the server writes the host's brand into the page (apps/server/src/plugins/brand-page.ts);
// the app starts with it, so the first render has the brand's title, icon and colours.

function writePageBrand(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BRAND_DATA_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(BRAND_DATA_ID)?.remove();
  forgetPageBrand();
  vi.unstubAllGlobals();
});

describe('pageBrand', () => {
  it('reads the brand the server wrote into the page', () => {
    const volt = { ...buildBrand(), id: 'volt', title: 'Volt Charge' };
    writePageBrand(JSON.stringify(volt));
    expect(pageBrand()).toEqual(volt);
  });

  it('is absent from a page without one, or with one it cannot read', () => {
    expect(pageBrand()).toBeUndefined();
    forgetPageBrand();
    writePageBrand('{"id":');
    expect(pageBrand()).toBeUndefined();
  });

  it("is the brand query's data before any request", async () => {
    const volt = { ...buildBrand(), id: 'volt', title: 'Volt Charge' };
    writePageBrand(JSON.stringify(volt));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useBrandQuery(), { wrapper });
    // The first render has it; asking the server again waits for the first screen.
    expect(result.current.data).toEqual(volt);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('applyBrandColors', () => {
  it("sets the brand's colours and the browser's theme colour", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    applyBrandColors({ ...buildBrand(), colors: { primary: '#6d28d9', primaryDark: '#4c1d95', accent: '#f97316' } });
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#6d28d9');
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#f97316');
    expect(meta.content).toBe('#6d28d9');
    meta.remove();
  });
});
