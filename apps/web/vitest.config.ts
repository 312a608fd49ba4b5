import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

// The `web` suite: components and browser-side modules in jsdom (listed by the root config).
// The components render on Preact, as they ship (preact-aliases.ts): the libraries that import
// `react` are transformed by Vite rather than loaded by Node, so they get the aliases too.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Their ES module builds, whose imports of `react` the aliases can reach (Node's resolution
      // here picks the CommonJS ones, which would load React itself).
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
      ...preactAliases,
    ],
    dedupe: ['preact'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-i18next/,
          /react-hook-form/,
          /@hookform\/resolvers/,
          /preact/,
        ],
      },
    },
  },
});
