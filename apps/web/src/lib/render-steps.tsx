// Preact renders synchronously: the whole first screen in one render would be one long task on a
// phone (Lighthouse counts it in Total Blocking Time). While the app starts, the parts marked
// with <RenderStep> render each in a task of their own, and app/start.tsx shows the screen once
// the last one is in, so it appears at once, as it would from a single render.

import { useLayoutEffect, useState, type ReactNode } from 'react';
import { yieldToMain } from './yield';

let isStarting = false;
const due: Array<() => void> = [];

/** Called by app/start.tsx before the first render: from now on, marked parts wait their turn. */
export function beginRenderSteps(): void {
  isStarting = true;
}

/**
 * Renders the waiting parts one task after another (a part may bring parts of its own), and
 * settles when none is left; parts rendered later render at once.
 */
export async function finishRenderSteps(): Promise<void> {
  while (due.length > 0) {
    await yieldToMain();
    due.shift()!();
    // Preact renders the part in a microtask queued by its state update, before this goes on,
    // and the part's own steps join the queue in that render's commit.
    await Promise.resolve();
  }
  isStarting = false;
}

/** A part of the first screen that renders in a task of its own while the app starts. */
export function RenderStep({ children }: { children: ReactNode }) {
  const [isShown, setShown] = useState(!isStarting);
  useLayoutEffect(() => {
    if (!isShown) due.push(() => setShown(true));
    // Only the first render of the part waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return isShown ? children : null;
}
