import type { Alias } from 'vite';

/**
 * The driver app runs on Preact through its React compatibility layer (docs/decisions/018): the
 * app, React Router, TanStack Query, react-i18next and react-hook-form keep importing `react`
 * and `react-dom`, and the build (and the web tests, so they test what ships) resolve those to
 * preact/compat. Exact names only: `react-router` or `react-i18next` must not match `react`.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // React Compiler's memo cache (`c`), which compat implements with useMemo.
  { find: /^react\/compiler-runtime$/, replacement: 'preact/compat/compiler-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // react-i18next's CommonJS shim of useSyncExternalStore would `require` compat and make the
  // bundler wrap all of Preact in lazily run modules; compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // Testing Library's `act` where React has none of its own.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
