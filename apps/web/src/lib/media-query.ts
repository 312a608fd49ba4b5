import { useSyncExternalStore } from 'react';

/** The split map home (list beside the map) and other wide layouts: 1024 px at 100 % zoom. */
export const WIDE_QUERY = '(min-width: 64rem)';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
