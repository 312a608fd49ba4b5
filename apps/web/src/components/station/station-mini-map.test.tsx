import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderScreen } from '@/test/render';
import { StationDirections } from './station-directions';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  // The brand (its tiles) may not answer here: the small map shows the place all the same.
  fetchMock.mockResolvedValue(jsonResponse(503, {}));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const station = { lat: 43.23889, lng: 76.88972, name: 'Mega Park' };

describe('StationDirections', () => {
  it('shows the station on a small map, named for screen readers, beside its coordinates', async () => {
    await renderScreen(<StationDirections station={station} hasMap />);
    const map = await screen.findByRole('group', { name: 'Mega Park on the map' });
    // One marker, and nothing that takes the page's gestures or a tab stop of its own.
    expect(map.querySelectorAll('.mini-map__marker')).toHaveLength(1);
    expect(map.getAttribute('tabindex')).toBeNull();
    expect(within(screen.getByTestId('station-directions')).getByText('Coordinates: 43.23889, 76.88972')).toBeTruthy();
  });

  it('leaves the map out unless asked (the reservation screen)', async () => {
    await renderScreen(<StationDirections station={station} />);
    expect(await screen.findByTestId('station-directions')).toBeTruthy();
    expect(screen.queryByTestId('station-mini-map')).toBeNull();
  });
});
