import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildClient, buildRoamingStation, buildStation } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { clearSession, startSession } from '@/lib/session';
import { StationPage } from './station-page';

const station = buildStation();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StationPage', () => {
  it('shows a visitor the station with the QR connector chosen and asks to sign in to charge', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}&connector=2`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tverskaya 12' })).toBeTruthy();
    const [url] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v2/chargestation/${station.id}/guest?offset=${-new Date().getTimezoneOffset()}`);

    const rows = screen.getAllByTestId('connector-row');
    expect(rows.map((row) => row.dataset.connector)).toEqual(['1', '2']);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(rows[1]!).getByText('Your connector')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('connector-status').textContent).toContain('Charging');
    expect(within(rows[0]!).getByText('150 kW')).toBeTruthy();
    expect(within(rows[0]!).getByText('200 A')).toBeTruthy();

    const prompt = screen.getByTestId('station-sign-in-prompt');
    expect(prompt.textContent).toContain('connector 2');
    await userEvent.click(within(prompt).getByTestId('station-sign-in'));
    expect(sessionStorage.getItem('fromClient')).toBe(`/detailStation?id=${station.id}&connector=2`);
  });

  it('lists the tariff items with the SPEC §9 parking notice and the night zone', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const tariff = await screen.findByTestId('station-tariff');
    expect(within(tariff).getByTestId('tariff-perKwh').textContent).toMatch(/Energy.*18\.50.*per kWh/);
    expect(within(tariff).getByTestId('tariff-reservationFee').textContent).toMatch(/Reservation.*50\.00/);
    expect(within(tariff).getByTestId('tariff-reservationPerMinute').textContent).toMatch(/Reservation, each minute held.*2\.00 per min/);
    expect(within(tariff).getByTestId('tariff-minimalCost')).toBeTruthy();
    expect(within(tariff).queryByTestId('tariff-startFee')).toBeNull();
    expect(within(tariff).getByTestId('tariff-parkingPerMinute').textContent).toMatch(/Parking.*after 15 free idle minutes.*5\.00 per min/);
    expect(within(tariff).getByTestId('tariff-parking-note').textContent).toContain('after 10 minutes');
    expect(within(tariff).getByTestId('tariff-zones').textContent).toMatch(/11:00\s?PM–7:00\s?AM/);
  });

  it('says "Open 24 hours" for a day kept in two halves, and other hours without AM/PM', async () => {
    const halves = [{ from: '00:00', to: '12:00' }, { from: '12:00', to: '00:00' }];
    const morning = [{ from: '00:00', to: '12:00' }];
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({
      schedule: { mo: halves, tu: halves, we: halves, th: halves, fr: halves, sa: morning, su: [{ from: '09:00', to: '21:30' }] },
    })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const hours = await screen.findByTestId('station-hours');
    expect(within(hours).getByTestId('hours-mo').textContent).toContain('Open 24 hours');
    // Midnight to noon reads so in every language: a 24-hour clock, never "12:00 AM–12:00 PM".
    expect(within(hours).getByTestId('hours-sa').textContent).toContain('00:00–12:00');
    expect(within(hours).getByTestId('hours-su').textContent).toContain('09:00–21:30');
    expect(hours.textContent).not.toMatch(/AM|PM/);
  });

  it('shows work hours per week day with one today, and the station features', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const hours = await screen.findByTestId('station-hours');
    expect(within(hours).getAllByRole('row')).toHaveLength(7);
    expect(hours.querySelectorAll('[data-today]')).toHaveLength(1);
    expect(within(hours).getByTestId('hours-su').textContent).toContain('Closed');
    expect(screen.getByTestId('station-flags').textContent).toContain('Accepts RFID cards');
    expect(screen.getByTestId('directions-geo').getAttribute('href')).toMatch(/^geo:55\.765200,37\.604100/);
  });

  it('uses the signed-in endpoint and asks nothing of a signed-in driver', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    await screen.findByTestId('station-page');
    expect(String(fetchMock.mock.calls[0]![0])).not.toContain('/guest');
    expect(screen.queryByTestId('station-sign-in-prompt')).toBeNull();
  });

  it('offers a signed-in driver to start charging on a free connector, first on the QR one', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({
      connectors: station.connectors.map((c) => ({ ...c, status: c.number === 2 ? 'available' : 'charging' })),
    })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}&connector=2`);
    const rows = await screen.findAllByTestId('connector-row');
    expect(within(rows[0]!).queryByTestId('connector-start')).toBeNull();
    const start = within(rows[1]!).getByTestId('connector-start');
    expect(start.textContent).toBe('Start charging');
    expect(start.getAttribute('href')).toBe(`/precharging?station=${station.id}&connector=2`);
    expect(start.className).toContain('button--primary');
  });

  it('prints the station code and, on each connector, the code its QR carries', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    expect((await screen.findByTestId('station-header')).textContent).toContain('Station MOW-00042');
    expect(screen.getAllByTestId('connector-code').map((code) => code.textContent)).toEqual(['Code: MOW-00042-1', 'Code: MOW-00042-2']);
  });

  it('names the city once under the address', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({ address: 'Tverskaya St, 12, Moscow', city: 'Moscow', region: 'Moscow' })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const address = await screen.findByTestId('station-address');
    expect(address.textContent).toBe('Tverskaya St, 12, Moscow');
  });

  it('shows one state for a working open station', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const header = await screen.findByTestId('station-header');
    expect(within(header).getAllByTestId('station-state').map((s) => s.textContent)).toEqual(['Open now']);
    expect(header.textContent).not.toContain('Works');
    expect(screen.queryByTestId('station-closed-note')).toBeNull();
  });

  it('shows a closed station as closed until it opens, everywhere, and offers no start', async () => {
    startSession(buildClient('tok'));
    const today = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'][new Date(Date.now() + 180 * 60_000).getUTCDay()];
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({
      isOpenNow: false,
      opensAt: { day: today as 'mo', time: '08:00' },
      connectors: station.connectors.map((c) => ({ ...c, status: 'available' })),
    })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const header = await screen.findByTestId('station-header');
    expect(within(header).getByTestId('station-state').textContent).toBe('Closed · opens at 8:00 AM');
    expect(header.textContent).not.toMatch(/Works|Open now/);
    expect(screen.getByTestId('station-hours-state').textContent).toBe('Closed · opens at 8:00 AM');
    expect(screen.getByTestId('station-closed-note').textContent).toBe('Closed · opens at 8:00 AM');
    expect(screen.queryByTestId('connector-start')).toBeNull();
  });

  it('shows a station that is not working as that alone', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({ label: 'underRepair', isOpenNow: false, opensAt: null })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const header = await screen.findByTestId('station-header');
    expect(within(header).getAllByTestId('station-state').map((s) => s.dataset.state)).toEqual(['underRepair']);
  });

  it('says in the SPEC §4 words why a station under repair takes no start, and offers neither start nor reservation', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, buildStation({
      label: 'underRepair',
      isOpenNow: true,
      connectors: station.connectors.map((c) => ({ ...c, status: 'available' })),
    })));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const note = await screen.findByTestId('station-label-note');
    expect(note.textContent).toBe('The station is under repair: charging cannot start here now.');
    expect(screen.getAllByTestId('connector-row')).toHaveLength(2);
    expect(screen.queryByTestId('connector-start')).toBeNull();
    expect(screen.queryByTestId('connector-reserve')).toBeNull();
    expect(screen.queryByTestId('station-closed-note')).toBeNull();
  });

  it('offers no start to a visitor: the sign-in prompt comes first', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    await screen.findByTestId('station-page');
    expect(screen.queryByTestId('connector-start')).toBeNull();
  });

  it('shows the station’s reviews below it, loaded after the station', async () => {
    const server = routeFetch([
      { path: new RegExp(`^/api/v2/chargestation/${station.id}`), reply: () => jsonResponse(200, station) },
      {
        path: `/api/feedbacks/approved/${station.id}`,
        reply: () => jsonResponse(200, { items: [], total: 0, mine: [], verdict: { lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 } }),
      },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const reviews = await screen.findByTestId('reviews-section');
    expect(within(reviews).getByRole('heading', { level: 2, name: 'Reviews' })).toBeTruthy();
    expect(await within(reviews).findByTestId('reviews-empty')).toBeTruthy();
    expect(within(reviews).getByTestId('reviews-sign-in')).toBeTruthy();
  });

  it('shows the three newest reviews and links to all of them (SPEC §2 comments) with their count', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: `r${i}`, stationId: station.id, authorName: 'Ivan', isAnonymous: false, text: `Review ${i}.`, chargingWorked: true,
      chargedHere: false, status: 'approved', deleteReason: null, createdAt: '2025-06-01T09:00:00Z', photos: [], isMine: false,
    }));
    vi.stubGlobal('fetch', routeFetch([
      { path: new RegExp(`^/api/v2/chargestation/${station.id}`), reply: () => jsonResponse(200, station) },
      { path: `/api/feedbacks/approved/${station.id}`, reply: () => jsonResponse(200, { items, total: 12, mine: [], verdict: { lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 } }) },
    ]).fetch);
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const all = await screen.findByTestId('reviews-all');
    expect(all.textContent).toBe('All reviews (12)');
    expect(all.getAttribute('href')).toBe(`/comments?id=${station.id}`);
    expect(screen.getAllByTestId('review').map((r) => r.dataset.reviewId)).toEqual(['r0', 'r1', 'r2']);
    expect(screen.queryByTestId('reviews-more')).toBeNull();
  });

  it.each([
    ['a 404 answer', `?id=${station.id}`, () => fetchMock.mockResolvedValue(jsonResponse(404, { code: 'STATION_NOT_FOUND', message: 'x' }))],
    ['a malformed id', '?id=42', () => undefined],
  ])('says the station was not found for %s, with a way back', async (_name, search, arrange) => {
    arrange();
    await renderScreen(<StationPage />, `/detailStation${search}`);
    const problem = await screen.findByTestId('station-not-found');
    expect(within(problem).getByRole('heading', { name: 'Station not found' })).toBeTruthy();
    expect(within(problem).getByTestId('back-to-map').getAttribute('href')).toBe('/');
  });
  it("shows a roaming partner's station with the partner's prices instead of a tariff of ours", async () => {
    const roaming = buildRoamingStation();
    fetchMock.mockResolvedValue(jsonResponse(200, roaming));
    await renderScreen(<StationPage />, `/detailStation?id=${roaming.id}`);
    const card = await screen.findByTestId('station-roaming-tariff');
    expect(screen.queryByTestId('station-tariff')).toBeNull();
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Prices through roaming');
    expect(within(card).getAllByTestId('roaming-tariff').map((s) => s.dataset.tariffId)).toEqual(['NC-DC', 'NC-AC']);
    expect(screen.getByTestId('station-flags').textContent).toContain('Roaming station of NordCharge');
  });
});
