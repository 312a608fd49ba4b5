import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildClient, buildStation } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { clearSession, startSession } from '@/lib/session';
import { StationPage } from './station-page';

const base = buildStation();
const fetchMock = vi.fn<typeof fetch>();

/** Connector 1 held by someone else until 10:15 UTC (13:15 at the station, UTC+3), 2 free. */
const station = buildStation({
  connectors: [
    { ...base.connectors[0]!, status: 'reserved', reservedUntil: '2026-11-20T10:15:00.000Z' },
    { ...base.connectors[1]!, status: 'available' },
  ],
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StationPage: reservations (SPEC §4 reserve)', () => {
  it('shows a connector someone else reserved as reserved until when, at the station time, with its start disabled', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const [taken, free] = await screen.findAllByTestId('connector-row');
    expect(within(taken!).getByTestId('connector-reserved-until').textContent).toMatch(/^Reserved until 1:15\s?PM$/);
    expect(within(taken!).queryByTestId('connector-start')).toBeNull();
    expect(within(taken!).queryByTestId('connector-reserve')).toBeNull();
    const held = within(taken!).getByTestId('connector-start-held') as HTMLButtonElement;
    expect(held.disabled).toBe(true);
    expect(held.textContent).toMatch(/Start charging \(Reserved until 1:15\s?PM\)/);

    const reserve = within(free!).getByRole('link', { name: 'Reserve connector 2' });
    expect(reserve.getAttribute('data-testid')).toBe('connector-reserve');
    expect(reserve.getAttribute('href')).toBe(`/reserve?station=${station.id}&connector=2`);
    expect(within(free!).getByTestId('connector-start')).toBeTruthy();
  });

  it('shows the driver\'s own reservation with a link to it, and lets them start there', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({
      connectors: [{ ...base.connectors[0]!, status: 'reserved', reservedUntil: '2026-11-20T10:15:00.000Z', isReservedByMe: true }, base.connectors[1]!],
    })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}&connector=1`);
    const [mine] = await screen.findAllByTestId('connector-row');
    expect(within(mine!).getByTestId('connector-reserved-by-me').textContent).toMatch(/Reserved by you until 1:15\s?PM/);
    expect(within(mine!).getByTestId('connector-my-reservation').getAttribute('href')).toBe(`/reserve?station=${station.id}&connector=1`);
    expect(within(mine!).getByTestId('connector-start').getAttribute('href')).toBe(`/precharging?station=${station.id}&connector=1`);
  });

  it('asks a visitor to sign in to reserve, and comes back to the reservation after', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}&connector=2`);
    const [, free] = await screen.findAllByTestId('connector-row');
    expect(within(free!).queryByTestId('connector-start')).toBeNull();
    await userEvent.setup().click(within(free!).getByTestId('connector-reserve'));
    expect(sessionStorage.getItem('fromClient')).toBe(`/reserve?station=${station.id}&connector=2`);
  });

  it('offers no reservation at a closed station that takes no chosen periods', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({ isOpenNow: false, supportsPeriodReservation: false, connectors: station.connectors })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    await screen.findAllByTestId('connector-row');
    expect(screen.queryByTestId('connector-reserve')).toBeNull();
  });
});
