import { useSyncExternalStore } from 'react';

// SPEC §4: "A login dialog can be toggled". One flag for the whole app: the guard opens it when
// a signed-out user leaves the map, the header and home page buttons toggle it.
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export const openLoginDialog = () => set(true);
export const closeLoginDialog = () => set(false);
export const toggleLoginDialog = () => set(!open);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
