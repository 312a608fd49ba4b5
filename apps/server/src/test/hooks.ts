import { loadConfig } from '../config';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  closeSimStations,
  connectedStation,
  type SimStation,
  type TestChargePoint,
} from './charge-points';
import { expectLedgerBalanced } from './charging';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';
import { insertSessionTariff } from './sessions';

// The set-up most integration files share, as vitest hooks registered where they are called.

/**
 * The file's test server: started before its tests (before the hooks registered after this
 * call) and closed after them. The object is filled in when the server runs: read it in hooks
 * and tests, not at the top level of the file.
 */
export function withTestServer(options: TestServerOptions = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(options));
  });
  afterAll(async () => {
    // Absent when the start itself failed: that failure is the one to read.
    await server.close?.();
  });
  return server;
}

/**
 * The file's test server with the session sweep every 0.2 s and a short grace for a stop that
 * does not come (1 s unless said): a session with a lost stop closes within a test.
 */
export function withSweepingTestServer(stopGraceSeconds = 1): TestServer {
  const { charging } = loadConfig({
    PUBLIC_URL: 'http://evcharge.test',
    DEMO_MODE: 'true',
    CHARGE_SWEEP_SECONDS: '0.2',
    CHARGE_STOP_GRACE_SECONDS: String(stopGraceSeconds),
  });
  return withTestServer({ config: { charging } });
}

/**
 * A file that charges through simulated charge points: after each test they disconnect, and
 * with `ledger` the whole ledger must still sum to zero (DESIGN.md Data).
 */
export function withSimStations(server: TestServer, { ledger }: { ledger: boolean }): void {
  afterEach(async () => {
    await closeSimStations();
    if (ledger) await expectLedgerBalanced(server);
  });
}

export type SessionStations = {
  /** The file's tariff: set before its tests run, so read it in tests, not at the top level. */
  tariffId: string;
  /** A simulated charge point on a new station priced by the file's tariff, for one test. */
  connectedStation: () => Promise<{ chargePoint: TestChargePoint; station: SimStation }>;
};

/**
 * A file that charges at stations of its own tariff: the tariff is made once for the file and
 * the simulated charge points close after each test (with `ledger`, the ledger still sums to
 * zero then).
 */
export function withSessionStations(
  server: TestServer,
  { ledger }: { ledger: boolean },
): SessionStations {
  const stations: SessionStations = {
    tariffId: '',
    connectedStation: () => connectedStation(server, { tariffId: stations.tariffId }),
  };
  beforeAll(async () => {
    stations.tariffId = await insertSessionTariff(server);
  });
  withSimStations(server, { ledger });
  return stations;
}
