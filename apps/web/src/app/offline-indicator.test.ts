import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markOffline, markOnline } from '@/lib/connection';
import { changeI18nLanguage, initI18n, loadNamespaces } from '@/lib/i18n';
import { mountOfflineIndicator } from './offline-indicator';
import { forgetSignedInStations, userStationsCache } from './kept-stations';

let unmount: () => void = () => {};

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['errors']);
});

afterEach(async () => {
  unmount();
  markOnline();
  await changeI18nLanguage('en');
});

const note = () => document.querySelector<HTMLElement>('[data-testid="offline-indicator"]');

describe('the offline indicator (SPEC §2)', () => {
  it('is a polite status that speaks only while offline, with the time of the stations kept', () => {
    unmount = mountOfflineIndicator();
    const live = document.querySelector('[role="status"][aria-live="polite"]');
    expect(live).not.toBeNull();
    expect(note()).toBeNull();
    markOffline();
    expect(note()?.textContent).toBe(
      'No connection. What you see may be out of date; starting, stopping, reserving and paying need a connection.',
    );
    markOffline(new Date(2026, 10, 26, 9, 41).toISOString());
    expect(note()?.textContent).toMatch(/^No connection\. Stations as of 09:41 AM; starting/);
    markOnline();
    expect(note()).toBeNull();
    expect(live?.isConnected).toBe(true);
  });

  it('follows the language', async () => {
    unmount = mountOfflineIndicator();
    markOffline();
    await changeI18nLanguage('ru');
    await loadNamespaces(['errors']);
    expect(note()?.textContent).toMatch(/^Нет связи\. /);
  });
});

describe('signing out', () => {
  it('deletes the signed-in driver\'s kept stations, and only those', async () => {
    const deleted: string[] = [];
    const store = { delete: (name: string) => (deleted.push(name), Promise.resolve(true)) } as unknown as CacheStorage;
    await forgetSignedInStations(store);
    expect(deleted).toEqual([userStationsCache]);
    expect(userStationsCache).toBe('evcharge-stations-user');
  });
});
