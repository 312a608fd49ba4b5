import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium';

// Browser journeys drive Debian's Chromium (never a downloaded browser) against the built web
// app served by the real server, with a fresh embedded database and demo data per run.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'evcharge-e2e-'));
// The roaming partner (apps/ocpi-peer, NordCharge) on its own port beside the server's; the
// server registers with it at start over OCPI 2.2.1 (e2e/tests/roaming.spec.ts).
const peerPort = Number(process.env.E2E_PEER_PORT ?? port + 15);
const peerUrl = `http://127.0.0.1:${peerPort}`;
const peerToken = 'nordcharge-registration-token-a';


export default defineConfig({
  testDir: './tests',
  outputDir: './.tmp/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', defaultBrowserType: 'chromium' } },
  ],
  webServer: [
    {
      command: 'npm run start -w @evcharge/ocpi-peer',
      cwd: '..',
      // Its OCPI modules all want a token (OCPI 2.2.1 §4.1.1); /health does not.
      url: `${peerUrl}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PEER_PORT: String(peerPort),
        PEER_REGISTRATION_TOKEN: peerToken,
        // Sessions there count their energy every second: the live screen moves at once.
        PEER_TICK_SECONDS: '1',
      },
    },
    {
      command: 'npm run start -w @evcharge/server',
      cwd: '..',
      url: `${baseURL}/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        DEMO_MODE: 'true',
        MAIL_TRANSPORT: 'outbox',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The second demo brand on its own host name (e2e/tests/brands.spec.ts); Chromium takes
        // *.localhost to this machine.
        BRAND_HOSTS: 'volt.localhost=volt',
        OCPI_REGISTER_WITH: `${peerUrl}/ocpi/versions ${peerToken}`,
      },
    },
  ],
});
