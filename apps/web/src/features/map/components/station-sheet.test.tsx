import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { StationSheet } from './station-sheet';

const base = buildStation();
const station = buildStation({
  connectors: [
    { ...base.connectors[0]!, status: 'available' },
    { ...base.connectors[1]!, status: 'reserved', reservedUntil: '2026-11-20T10:15:00.000Z' },
  ],
});

const lastChargedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
let reviewsAnswer: { items: never[]; total: number; mine: never[]; verdict: { lastChargedAt: string | null; recentWorked: number; recentNotWorked: number } } = {
  items: [],
  total: 0,
  mine: [],
  verdict: { lastChargedAt, recentWorked: 1, recentNotWorked: 3 },
};

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).includes('/feedbacks/approved/') ? jsonResponse(200, reviewsAnswer) : jsonResponse(200, station))));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StationSheet: reserve from the map', () => {
  it('offers to reserve a free connector and says until when another is reserved', async () => {
    await renderScreen(<StationSheet id={station.id} located={null} onClose={() => undefined} />);
    const rows = await screen.findAllByTestId('sheet-connector');
    expect(rows.map((row) => row.dataset.connector)).toEqual(['1', '2']);
    const reserve = within(rows[0]!).getByRole('link', { name: 'Reserve connector 1' });
    expect(reserve.getAttribute('href')).toBe(`/reserve?station=${station.id}&connector=1`);
    expect(within(rows[1]!).getByTestId('sheet-connector-reserved-until').textContent).toMatch(/^Reserved until 1:15\s?PM$/);
    expect(within(rows[1]!).queryByTestId('sheet-connector-reserve')).toBeNull();
  });

  it('offers it at a partner’s station too (the partner holds the connector over roaming)', async () => {
    const partners = { ...station, isRoaming: true, roamingOperator: 'NordCharge' };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).includes('/feedbacks/approved/') ? jsonResponse(200, reviewsAnswer) : jsonResponse(200, partners))));
    await renderScreen(<StationSheet id={station.id} located={null} onClose={() => undefined} />);
    const rows = await screen.findAllByTestId('sheet-connector');
    expect(within(rows[0]!).getByRole('link', { name: 'Reserve connector 1' }).getAttribute('href')).toBe(`/reserve?station=${station.id}&connector=1`);
  });
});

describe('StationSheet: verified working', () => {
  it('says when the station last charged a car and that the latest reviews say it did not work', async () => {
    await renderScreen(<StationSheet id={station.id} located={null} onClose={() => undefined} />);
    expect((await screen.findByTestId('reviews-verdict-charged')).textContent).toBe('Verified working: last charged a car 2 hours ago');
    const reviews = screen.getByTestId('reviews-verdict-reviews');
    expect(reviews.dataset.tone).toBe('warning');
  });

  it('shows nothing when no session or review tells', async () => {
    reviewsAnswer = { ...reviewsAnswer, verdict: { lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 } };
    await renderScreen(<StationSheet id={station.id} located={null} onClose={() => undefined} />);
    await screen.findAllByTestId('sheet-connector');
    const verdictAsked = () =>
      vi.mocked(fetch).mock.results.filter((_, i) => String(vi.mocked(fetch).mock.calls[i]![0]).includes('/feedbacks/approved/'));
    await vi.waitFor(() => expect(verdictAsked().length).toBeGreaterThan(0));
    await Promise.all(verdictAsked().map((result) => result.value as Promise<Response>));
    expect(screen.queryByTestId('reviews-verdict')).toBeNull();
  });
});

describe('StationSheet: in the panel beside the map', () => {
  it('has a way back to the list instead of a close button, and Escape goes back too', async () => {
    const onClose = vi.fn();
    await renderScreen(<StationSheet id={station.id} located={null} onClose={onClose} isInPanel />);
    const back = screen.getByRole('button', { name: 'Back to the list' });
    expect(screen.queryByTestId('station-sheet-close')).toBeNull();
    // The station page stays a link away.
    expect((await screen.findByTestId('station-sheet-details')).getAttribute('href')).toBe(`/detailStation?id=${station.id}`);
    await userEvent.click(back);
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByTestId('station-sheet').focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('over the map (a phone, a tablet) keeps its close button', async () => {
    await renderScreen(<StationSheet id={station.id} located={null} onClose={() => undefined} />);
    expect(screen.getByTestId('station-sheet-close').getAttribute('aria-label')).toBe('Close');
    expect(screen.queryByTestId('station-sheet-back')).toBeNull();
  });
});
