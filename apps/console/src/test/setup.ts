import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// findBy… and waitFor wait up to 5 s, not 1: CI runs these tests beside the type check and
// the lint on two cores, where a screen's next render after a click can take over a second.
configure({ asyncUtilTimeout: 5000 });

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
