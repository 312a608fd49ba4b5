import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeSimStations } from './charge-points';
import { expectLedgerBalanced } from './charging';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';

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
 * A file that charges through simulated charge points: after each test they disconnect, and
 * with `ledger` the whole ledger must still sum to zero (DESIGN.md Data).
 */
export function withSimStations(server: TestServer, { ledger }: { ledger: boolean }): void {
  afterEach(async () => {
    await closeSimStations();
    if (ledger) await expectLedgerBalanced(server);
  });
}
