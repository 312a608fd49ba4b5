import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { buildStation } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { defaultFilter } from '../model/filter';
import { StationList } from './station-list';

const fetchMock = vi.fn<typeof fetch>();

function summary(n: number): StationSummary {
  const { schedule: _s, workHours: _w, utcOffsetMinutes: _u, isOpenNow: _o, opensAt: _oa, tariff: _t, tariffChangesAt: _c, nextTariff: _n,
    isFavourite: _f, altName: _a, region: _r, connectors, ...rest } = buildStation();
  return {
    ...rest, id: `id-${n}`, name: `Station ${n}`, distanceKm: n * 0.4,
    connectors: connectors.map(({ socketType, currentType, powerKw, status }) => ({ socketType, currentType, powerKw, status })),
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StationList', () => {
  it('is a list of links that say everything the marker says, nearest first, paged', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { items: [summary(1), summary(2)], total: 3, page: 1, pageSize: 2, emptyReason: null, totalIsExact: true }))
      .mockResolvedValueOnce(jsonResponse(200, { items: [summary(3)], total: 3, page: 2, pageSize: 2, emptyReason: null, totalIsExact: true }));
    await renderScreen(<StationList filter={defaultFilter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false} />);

    const items = await screen.findAllByTestId('station-list-item');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.tagName).toBe('A');
    expect(first.getAttribute('href')).toBe('/detailStation?id=id-1');
    expect(first.textContent).toContain('Station 1');
    expect(first.textContent).toContain('400 m');
    expect(first.textContent).toContain('1 of 2 free');
    expect(first.textContent).toContain('up to 150 kW · Fast');
    expect(first.textContent).toContain('CCS2 · Type 2');

    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/chargestations/guest');
    expect(body).toMatchObject({ near: { lat: 55.75, lng: 37.61 }, page: 1, pageSize: 20 });

    await userEvent.click(screen.getByTestId('station-list-more'));
    expect(await screen.findAllByTestId('station-list-item')).toHaveLength(3);
    expect(screen.queryByTestId('station-list-more')).toBeNull();
  });

  it.each([
    ['NO_STATIONS_FOUND', 'No stations found here'],
    ['NO_MATCHING_PORTS', 'none with a connector that matches your filter'],
  ])('explains an empty answer: %s', async (reason, text) => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, emptyReason: reason, totalIsExact: true }));
    await renderScreen(<StationList filter={defaultFilter} origin={{ lat: 0, lng: 0 }} isLocated isSignedIn={false} />);
    const empty = await screen.findByTestId('station-list-empty');
    expect(within(empty).getByText(new RegExp(text))).toBeTruthy();
  });

  it('says "over" when the server counted only so far, and still pages on', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { items: [summary(1), summary(2)], total: 101, page: 1, pageSize: 2, emptyReason: null, totalIsExact: false }),
    );
    await renderScreen(<StationList filter={defaultFilter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false} />);
    expect(await screen.findAllByTestId('station-list-item')).toHaveLength(2);
    expect(screen.getByTestId('station-list-summary').textContent).toContain('Stations: over 100');
    expect(screen.getByTestId('station-list-more').textContent).toContain('2 of 100+');
  });

  it('beside the map, says which row is pointed at or focused, and marks the rows of the marker or cluster pointed at', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { items: [summary(1), summary(2), summary(3)], total: 3, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }),
    );
    const onHover = vi.fn();
    await renderScreen(
      <StationList
        filter={defaultFilter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false}
        markedIds={new Set(['id-2', 'id-3', 'id-elsewhere'])} onHover={onHover}
      />,
    );
    const [first, second, third] = await screen.findAllByTestId('station-list-item');
    expect(first!.closest('li')!.hasAttribute('data-marked')).toBe(false);
    expect(second!.closest('li')!.hasAttribute('data-marked')).toBe(true);
    expect(third!.closest('li')!.hasAttribute('data-marked')).toBe(true);

    await userEvent.hover(first!);
    expect(onHover).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'id-1' }), 'pointer');
    await userEvent.unhover(first!);
    expect(onHover).toHaveBeenLastCalledWith(null, 'pointer');
    // The keyboard's way: focus on a row points at its station as the pointer does.
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    expect(onHover).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'id-1' }), 'focus');
    await userEvent.tab();
    expect(onHover).toHaveBeenLastCalledWith({ id: 'id-2', place: expect.objectContaining({ lat: summary(2).lat, lng: summary(2).lng }) }, 'focus');
  });

  it('beside the map, a row clicked or entered opens the station there instead of its page; a modified click is left to the browser', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { items: [summary(1), summary(2)], total: 2, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }),
    );
    const onOpen = vi.fn();
    const { router } = await renderScreen(
      <StationList filter={defaultFilter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false} onHover={vi.fn()} onOpen={onOpen} />,
    );
    const [first, second] = await screen.findAllByTestId('station-list-item');
    // Still a link to the station page (a new tab, a copied address).
    expect(first!.getAttribute('href')).toBe('/detailStation?id=id-1');

    await userEvent.click(first!);
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'id-1' }));
    expect(router.state.location.pathname).toBe('/');

    second!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'id-2' }));
    expect(router.state.location.pathname).toBe('/');
    expect(onOpen).toHaveBeenCalledTimes(2);

    fireEvent.click(first!, { ctrlKey: true });
    fireEvent.click(first!, { button: 1 });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('on a phone, a row is the way to the station page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [summary(1)], total: 1, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }));
    const { router } = await renderScreen(<StationList filter={defaultFilter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false} />);
    await userEvent.click(await screen.findByTestId('station-list-item'));
    expect(router.state.location.pathname).toBe('/detailStation');
    expect(router.state.location.search).toBe('?id=id-1');
  });

  /** Two rows, then the map moves: the new order is asked for and waits for `answer`. */
  async function renderMovedList() {
    let answer: (response: Response) => void = () => undefined;
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { items: [summary(1), summary(2)], total: 2, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    function Moving() {
      const [origin, setOrigin] = useState({ lat: 55.75, lng: 37.61 });
      return (
        <>
          <button type="button" onClick={() => setOrigin({ lat: 55.76, lng: 37.62 })}>move</button>
          <StationList filter={defaultFilter} origin={origin} isLocated={false} isSignedIn={false} onHover={vi.fn()} />
        </>
      );
    }
    await renderScreen(<Moving />);
    const [, second] = await screen.findAllByTestId('station-list-item');
    await userEvent.click(screen.getByRole('button', { name: 'move' }));
    return { second: second!, answer: (response: Response) => answer(response) };
  }

  it('keeps its rows, and the focus on one, while the map beside it moves and the new order loads', async () => {
    const { second, answer } = await renderMovedList();
    second.focus();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toMatchObject({ near: { lat: 55.76, lng: 37.62 } });
    // While the new order loads, the rows stay (no spinner in their place).
    expect(screen.getAllByTestId('station-list-item')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    answer(jsonResponse(200, { items: [summary(2), summary(1)], total: 2, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }));
    await waitFor(() => expect(screen.getAllByTestId('station-list-item')[0]!.textContent).toContain('Station 2'));
    expect(document.activeElement).toBe(second);
  });

  it('leaves the focus where the driver put it when the order changes after they left the list', async () => {
    const { second, answer } = await renderMovedList();
    second.focus();
    second.blur();
    answer(jsonResponse(200, { items: [summary(2), summary(1)], total: 2, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }));
    await waitFor(() => expect(screen.getAllByTestId('station-list-item')[0]!.textContent).toContain('Station 2'));
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the spinner, not the old rows, for a new filter', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { items: [summary(1)], total: 1, page: 1, pageSize: 20, emptyReason: null, totalIsExact: true }))
      .mockImplementationOnce(() => new Promise<Response>(() => undefined));
    function Filtering() {
      const [filter, setFilter] = useState(defaultFilter);
      return (
        <>
          <button type="button" onClick={() => setFilter({ ...defaultFilter, onlyAvailable: true })}>only free</button>
          <StationList filter={filter} origin={{ lat: 55.75, lng: 37.61 }} isLocated={false} isSignedIn={false} />
        </>
      );
    }
    await renderScreen(<Filtering />);
    await screen.findByTestId('station-list-item');
    await userEvent.click(screen.getByRole('button', { name: 'only free' }));
    await waitFor(() => expect(screen.queryByTestId('station-list-item')).toBeNull());
  });
});
