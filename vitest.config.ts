import { defineConfig } from 'vitest/config';

// Four suites: `unit` (pure code, no I/O; and the station simulator and the OCPI partner
// operator against a counterpart the test starts on 127.0.0.1), `int` (a real server on
// 127.0.0.1 with a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set), `web` (the driver app's
// components in jsdom) and `console` (the staff console's components in jsdom).
// Playwright journeys in e2e/ are not vitest tests and are excluded everywhere.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/station-sim/src/**/*.test.ts', 'apps/ocpi-peer/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/console/vitest.config.ts',
    ],
  },
});
