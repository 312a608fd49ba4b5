import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildClient, buildStation } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { clearSession, startSession } from '@/lib/session';
import { StationPage } from './station-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StationPage: RFID tags (SPEC §4 the RFID wizard)', () => {
  it('offers a signed-in driver to bind a tag at each connector of a station with a reader', async () => {
    startSession(buildClient('tok'));
    const station = buildStation({ supportsRfid: true });
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const [first, second] = await screen.findAllByTestId('connector-row');
    const link = within(first!).getByRole('link', { name: 'Bind an RFID tag at connector 1' });
    expect(link.getAttribute('data-testid')).toBe('connector-rfid');
    expect(link.getAttribute('href')).toBe(`/rfid?station=${station.id}&connector=1`);
    expect(within(second!).getByTestId('connector-rfid').getAttribute('href')).toBe(`/rfid?station=${station.id}&connector=2`);
  });

  it('offers no binding where the station has no reader', async () => {
    startSession(buildClient('tok'));
    const station = buildStation({ supportsRfid: false });
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    await screen.findAllByTestId('connector-row');
    expect(screen.queryByTestId('connector-rfid')).toBeNull();
  });
});
