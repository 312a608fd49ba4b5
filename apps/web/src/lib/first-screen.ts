// Work that is no part of the first screen (the brand's colours, error and form-rule texts,
// the service worker) waits until it has rendered, so a phone on a slow link spends its first
// seconds on what it shows (the first-load budget of the map home, bench/RESULTS.md).

import { yieldToMain } from './yield';

let resolveFirstScreen: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  resolveFirstScreen = resolve;
});

/**
 * Called by the root layout's first effect: with a data router that is the first screen. The
 * effect can run before the browser paints, so the work waits one frame and one task more.
 */
export function markFirstScreenRendered(): void {
  if (typeof requestAnimationFrame !== 'function') return resolveFirstScreen();
  requestAnimationFrame(() => setTimeout(resolveFirstScreen, 0));
}

/** Settles after the first screen, each caller in a task of its own (no one long task). */
export function afterFirstScreen(): Promise<void> {
  return firstScreen.then(yieldToMain);
}
