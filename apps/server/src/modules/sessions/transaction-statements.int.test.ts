import { describe, expect, it } from 'vitest';
import { withSessionStations, withTestServer } from '../../test/hooks';
import { driverWithTag, sessionOf } from '../../test/sessions';
import { countedSessionDeps } from '../../test/statement-count';
import { authorizeIdTag } from './tag-start';
import { startTransaction } from './transaction-start';
import { stopTransaction } from './transaction-stop';

// Every session starts and stops with a message of its charge point (OCPP 1.6 §4.8, §4.10):
// what each costs the database, counted, so a statement more shows here first.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: false });

describe('a tag session’s StartTransaction and StopTransaction', () => {
  it('start and stop each in a counted number of statements, the session right', async () => {
    const { chargePoint } = await connectedStation();
    const driver = await driverWithTag(server);
    const { counted, deps, from } = await countedSessionDeps(server, chargePoint);
    // Ten minutes ago: the 2 kWh the stop reports is within what its 22 kW connector delivers.
    const startedAt = new Date(Date.now() - 10 * 60_000);
    const request = {
      connectorId: 1,
      idTag: driver.tag,
      meterStart: 1_000,
      timestamp: startedAt.toISOString(),
    };
    // PostgreSQL's transactions add their BEGIN and COMMIT; PGlite runs them itself.
    const transaction = server.driver === 'pg' ? 2 : 0;
    counted.take();

    // Authorize (OCPP 1.6 §4.1) decides as a start would, reading the tag once.
    expect(await authorizeIdTag(deps, from, driver.tag)).toMatchObject({ status: 'Accepted' });
    expect(counted.take()).toBe(10 + transaction);

    const answer = await startTransaction(deps, from, request);
    expect(answer.idTagInfo.status).toBe('Accepted');
    // The connector, a repeat of this start and the connector's active session in one read;
    // then the start's rules, in one transaction (start-rules.ts), and its event.
    expect(counted.take()).toBe(15 + transaction);
    const session = await sessionOf(server, answer.transactionId);
    expect(session).toMatchObject({ status: 'charging', meterStartWh: 1_000 });

    // The same StartTransaction again (its answer was lost): the same answer, one statement.
    expect(await startTransaction(deps, from, request)).toEqual(answer);
    expect(counted.take()).toBe(1);

    const stop = await stopTransaction(deps, from, {
      transactionId: answer.transactionId,
      meterStop: 3_000,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    });
    expect(stop.idTagInfo?.status).toBe('Accepted');
    expect(counted.take()).toBe(6 + transaction);
    expect(await sessionOf(server, answer.transactionId)).toMatchObject({
      status: 'parking',
      energyWh: 2_000,
    });
  });
});
