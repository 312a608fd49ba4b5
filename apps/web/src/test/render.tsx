import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { brandQueryOptions } from '@/lib/brand';
import { initI18n, loadNamespaces, namespaces } from '@/lib/i18n';
import { buildBrand } from './builders';

/** Renders a screen in English with a fresh query client and a memory router at `path`. */
export async function renderScreen(element: ReactElement, path = '/') {
  await initI18n('en');
  await loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The brand is public and shown everywhere; tests start with it loaded, as the app soon is.
  client.setQueryData(brandQueryOptions().queryKey, buildBrand());
  const router = createMemoryRouter(
    [
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, client };
}

/** A fetch answer as the server sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
