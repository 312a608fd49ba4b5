import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Providers } from '@/app/providers';
import { initI18n, loadNamespaces, namespaces } from '@/lib/i18n';
import { brandQueryOptions } from '@/lib/brand';
import { buildBrand } from '@/test/builders';
import { jsonResponse } from '@/test/render';
import { QrEntryPage } from './qr-entry-page';

const fetchMock = vi.fn<typeof fetch>();

function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

async function open(path: string) {
  await initI18n('en');
  await loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandQueryOptions().queryKey, buildBrand());
  const router = createMemoryRouter(
    [{ path: '/c/:code', element: <QrEntryPage /> }, { path: '/detailStation', element: <Landed /> }],
    { initialEntries: [path] },
  );
  render(<Providers client={client}><RouterProvider router={router} /></Providers>);
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QR entry c/{AltNameAndConnectorId}', () => {
  it('replaces itself with the station page, connector chosen', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { stationId: 'abc', connectorId: 'c2', connectorNumber: 2 }));
    const router = await open('/c/MSK0042-2');
    expect((await screen.findByTestId('landed')).textContent).toBe('/detailStation?id=abc&connector=2');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/chargestation/find/qrCode/MSK0042-2');
    // Back from the station does not land on the QR redirect again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['MOW-00042-2', 'MOW00042-2', 'mow-00042-2', 'mow00042-2'])('asks the server for %s, the code as printed or typed', async (code) => {
    fetchMock.mockResolvedValue(jsonResponse(200, { stationId: 'abc', connectorId: 'c2', connectorNumber: 2 }));
    await open(`/c/${code}`);
    expect((await screen.findByTestId('landed')).textContent).toBe('/detailStation?id=abc&connector=2');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/chargestation/find/qrCode/${code}`);
  });

  it.each(['MOW-00042', 'MOW--00042-1', 'MOW-000-42-1', 'MOW00042-0'])('names the malformed %s with a way back to the map', async (code) => {
    await open(`/c/${code}`);
    expect(await screen.findByTestId('qr-error-incorrect')).toBeTruthy();
    expect(screen.getByTestId('back-to-map').getAttribute('href')).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a malformed code without asking the server', async () => {
    await open('/c/not%20a%20code');
    expect(await screen.findByTestId('qr-error-incorrect')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Incorrect QR code' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'INCORRECT_QR', 'qr-error-incorrect'],
    [404, 'STATION_NOT_FOUND', 'station-not-found'],
  ])('shows the server’s %i %s', async (status, code, testId) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { code, message: code }));
    await open('/c/ZZZ999-1');
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(screen.getByTestId('back-to-map').getAttribute('href')).toBe('/');
  });
});
