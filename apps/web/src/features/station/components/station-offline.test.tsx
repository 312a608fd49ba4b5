import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { buildClient, buildStation } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { markOffline, markOnline } from '@/lib/connection';
import { clearSession, startSession } from '@/lib/session';
import { StationPage } from './station-page';

const base = buildStation();
const station = buildStation({ connectors: base.connectors.map((c) => ({ ...c, status: 'available' as const })) });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  markOnline();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => {
  act(() => markOnline());
  vi.unstubAllGlobals();
});

describe('StationPage offline (SPEC §2)', () => {
  it('keeps the station shown; its Start and Reserve wait for a connection and say so', async () => {
    startSession(buildClient('tok'));
    fetchMock.mockResolvedValue(jsonResponse(200, station));
    await renderScreen(<StationPage />, `/detailStation?id=${station.id}`);
    const [row] = await screen.findAllByTestId('connector-row');
    expect(within(row!).getByTestId('connector-start').tagName).toBe('A');
    expect(within(row!).queryByTestId('needs-connection')).toBeNull();

    act(() => markOffline());
    const start = within(row!).getByTestId('connector-start') as HTMLButtonElement;
    expect(start.tagName).toBe('BUTTON');
    expect(start.disabled).toBe(true);
    expect(start.textContent).toContain('Needs a connection');
    expect((within(row!).getByTestId('connector-reserve') as HTMLButtonElement).disabled).toBe(true);
    expect(within(row!).getByTestId('needs-connection').textContent).toBe('Needs a connection');

    act(() => markOnline());
    expect(within(row!).getByTestId('connector-start').tagName).toBe('A');
    expect(within(row!).queryByTestId('needs-connection')).toBeNull();
  });
});
