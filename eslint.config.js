import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The web app's feature folders, read from the tree so the fences name exactly what exists.
const features = readdirSync(`${import.meta.dirname}/apps/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's shape (docs/architecture.md). A module uses another only through its entry file
// (index.ts); ocpp/ is transport and imports no module; drizzle-orm is imported only by
// repositories (repo.ts, *-repo.ts) and db/. Tests set up data as they need and are exempt.
const server = 'apps/server/src';
const repositories = [`${server}/**/repo.ts`, `${server}/**/*-repo.ts`];
const serverTests = ['**/*.test.ts', `${server}/test/**`];
const moduleInternals = {
  regex: '^\\.\\./[a-z-]+/',
  message: "another module is used through its entry file: import '../<module>', never a file inside it",
};
const anyModule = {
  regex: '(^|/)modules(/|$)',
  message: 'ocpp/ is transport: it calls the modules through the interfaces app.ts hands it, never imports them',
};
const queries = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: "queries live in the module's repo.ts (or a *-repo.ts file): call a repository function",
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const serverShape = [
  { files: [`${server}/**/*.ts`], ignores: [...repositories, ...serverTests, `${server}/db/**`], rules: restrict(queries) },
  { files: [`${server}/modules/**/*.ts`], ignores: [...repositories, ...serverTests], rules: restrict(moduleInternals, queries) },
  { files: repositories.map((glob) => glob.replace(`${server}/**`, `${server}/modules/**`)), ignores: serverTests, rules: restrict(moduleInternals) },
  { files: [`${server}/ocpp/**/*.ts`], ignores: [...repositories, ...serverTests], rules: restrict(anyModule, queries) },
  { files: repositories.map((glob) => glob.replace(`${server}/**`, `${server}/ocpp/**`)), ignores: serverTests, rules: restrict(anyModule) },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', '**/data/**', 'e2e/.tmp/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Build scripts run in Node.
  {
    files: ['**/scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  // domain is pure: it imports nothing of ours and does no I/O.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@evcharge/*'], message: 'domain imports nothing of ours' },
        { group: ['node:*', 'fs', 'path', 'http', 'net', 'pg', '@electric-sql/*'], message: 'domain does no I/O' },
      ] }],
    },
  },
  // api depends on domain only; nothing imports from an app.
  {
    files: ['packages/**/*.ts'],
    ignores: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@evcharge/server*', '@evcharge/web*'], message: 'nothing imports from an app' }] }],
    },
  },
  // The staff console is an app of its own: it shares contracts and rules, never the driver app's code.
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@evcharge/web*', '@evcharge/server*', '**/apps/web/**', '**/web/src/**'], message: 'the console imports contracts and domain rules, never another app' },
      ] }],
    },
  },
  // station-sim speaks OCPP to any central system: it imports nothing of ours (DESIGN.md).
  {
    files: ['apps/station-sim/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@evcharge/*'], message: 'station-sim imports nothing of ours, only the OCPP library' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Feature fences: a feature may not import another feature (STYLE.md, bulletproof-react).
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{
        group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`]),
        message: 'a feature may not import another feature; move shared code to components/ or lib/',
      }] }],
    },
  })),
  ...serverShape,
);
