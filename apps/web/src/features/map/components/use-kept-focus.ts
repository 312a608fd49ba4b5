import { useLayoutEffect, useRef, type FocusEvent } from 'react';

/**
 * Keeps the focus on a row of a keyed list whose rows change order. The renderer moves DOM
 * nodes to reorder them, and a moved element loses the focus (taken out of the document for a
 * moment: Chromium blurs it then, others drop it silently), so the driver's focus would fall
 * to <body> each time the list's order changes under it (the map beside it moves). Focus lost
 * that way goes back to the same element once the list is drawn; focus the driver moves away
 * (a click elsewhere, Tab) leaves an element still in the document, and is left alone.
 */
export function useKeptFocus() {
  const focused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = focused.current;
    const active = document.activeElement;
    if (element?.isConnected && element !== active && (active === null || active === document.body))
      element.focus({ preventScroll: true });
  });
  return {
    onFocus(event: FocusEvent<HTMLElement>) {
      if (event.target instanceof HTMLElement) focused.current = event.target;
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (event.target instanceof HTMLElement && event.target.isConnected) focused.current = null;
    },
  };
}
