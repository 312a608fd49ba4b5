import { useSyncExternalStore } from 'react';

// SPEC §4: "A login dialog can be toggled". One flag for the whole app: the guard opens it when
// a signed-out user leaves the map, the header and home page buttons toggle it.
let open = false;
const listeners = new Set<() => void>();
// The control that had focus when the dialog opened: focus goes back to it after signing in.
let opener: HTMLElement | null = null;

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  if (value) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  for (const listener of listeners) listener();
}

export const openLoginDialog = () => set(true);

// The guard sends a driver whose session ended home and asks for the dialog there; the host
// closes the dialog on every change of page, so the wish waits for that change.
let openOnArrival = false;
export const openLoginDialogOnArrival = () => {
  openOnArrival = true;
};
/** For the host, on a change of page: whether the dialog should open there (once). */
export function takeOpenOnArrival(): boolean {
  const wish = openOnArrival;
  openOnArrival = false;
  return wish;
}
export const closeLoginDialog = () => set(false);
/** The control that opened the dialog last, if one had focus then. */
export const loginDialogOpener = (): HTMLElement | null => opener;
export const toggleLoginDialog = () => set(!open);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
