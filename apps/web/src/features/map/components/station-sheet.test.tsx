import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, station)));
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
});
