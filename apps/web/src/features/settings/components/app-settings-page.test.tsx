import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { clearSession, getSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { AppSettingsPage } from './app-settings-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  document.documentElement.style.fontSize = '';
  await i18n.changeLanguage('en');
});

describe('AppSettingsPage', () => {
  it('lists the eight languages by their own names', async () => {
    await renderScreen(<AppSettingsPage />);
    const names = screen.getAllByRole('radio').slice(0, 8).map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual(['Русский', 'English', 'Қазақша', 'Español', 'Azərbaycanca', 'Кыргызча', 'Тоҷикӣ', 'Oʻzbekcha']);
  });

  it('switches and remembers the language; a signed-in user also saves it to the account', async () => {
    startSession(buildClient());
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await renderScreen(<AppSettingsPage />);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Қазақша' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('kk'));
    expect(localStorage.getItem('Lang')).toBe('kz');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/user/updateLanguage/kz', 'PUT']);
    await waitFor(() => expect(getSession()?.Lang).toBe('kz'));
  });

  it('applies and remembers the display scale', async () => {
    await renderScreen(<AppSettingsPage />);
    await userEvent.setup().click(screen.getByRole('radio', { name: /130%/ }));
    expect(document.documentElement.style.fontSize).toBe('130%');
    expect(localStorage.getItem('displayScale')).toBe('130');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
