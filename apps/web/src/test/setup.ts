import { afterEach } from 'vitest';
import { options } from 'preact';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1: CI runs these tests beside the type check and
// the lint on two cores, where a screen's next render after a click can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Preact runs effects after the next frame: jsdom's animation frame raced by a 35 ms timer,
// which calls cancelAnimationFrame when it fires. Fired after a test file's jsdom is gone, that
// throws. Here effects run on the next macrotask instead, and each test ends by letting the
// ones its screen scheduled run while jsdom is still there.
options.requestAnimationFrame = (callback) => void setTimeout(callback, 0);

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  window.localStorage.clear();
  window.sessionStorage.clear();
});
