import { useSyncExternalStore } from 'react';

// The console's few pages are paths under /admin/ (the server answers each with index.html):
// /admin/support, /admin/support/<driver id>, /admin/moderation.
export const BASE = '/admin';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') window.addEventListener('popstate', emit);

/** The path inside the console: "/support/…" for "/admin/support/…". */
export function currentPath(): string {
  const { pathname } = window.location;
  const inside = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return inside === '' ? '/' : inside;
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path}`;
  if (url === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  emit();
}

export function usePath(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentPath,
    () => '/',
  );
}
