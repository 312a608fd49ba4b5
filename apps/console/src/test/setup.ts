import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initI18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// Component tests read the English texts; the console's default (Russian) is for people.
beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  reloadSession();
  window.history.replaceState(null, '', '/admin/');
});
