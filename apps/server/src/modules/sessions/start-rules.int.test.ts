import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { getSelf } from '@evcharge/api/users/get-self';
import { chargingSessions } from '../../db/schema/charging';
import { eventually } from '../../test/charge-points';
import { driver, start } from '../../test/charging';
import { testCar } from '../../test/sessions';
import { postTransaction } from '../ledger';
import { withSessionStations, withTestServer } from '../../test/hooks';

// PUT /charge's start rules against the simulator over loopback: minimum balance, debt,
// one session per connector and the per-driver limit under concurrent starts, refusals by
// the charge point, the emergency button, an offline charge point and the start timeout.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: true });

describe('start rules', () => {
  it('refuses a driver below the minimum balance, with nothing stored', async () => {
    const { chargePoint } = await connectedStation();
    const who = await driver(server, 9_999);
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { balanceMinor: 9_999, minBalanceMinor: 10_000 },
    });
    expect(
      await server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, who.id)),
    ).toEqual([]);
  });

  it('refuses a driver with debt', async () => {
    const { chargePoint } = await connectedStation();
    const who = await driver(server, 0);
    await postTransaction(server.db, {
      kind: 'adjustment',
      reference: `debt-${who.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: who.id }, amountMinor: -500 },
        { owner: { kind: 'revenue' }, amountMinor: 500 },
      ],
    });
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: 'DEBT_BLOCKS', details: { debtMinor: 500 } });
  });

  it('gives exactly one session to 50 drivers starting on one connector at once', async () => {
    const { chargePoint, station } = await connectedStation();
    station.plug(1, testCar);
    await station.flush();
    const drivers = await Promise.all(Array.from({ length: 50 }, () => driver(server)));
    const connectorId = chargePoint.station.connectorIds[0]!;
    const answers = await Promise.all(drivers.map((who) => start(server, who, { connectorId })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.status === 409)
        .map((a) => (a.body as unknown as { code: string }).code),
    ).toEqual(Array(49).fill('CONNECTOR_BUSY'));
    const sessions = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.connectorId, connectorId));
    expect(sessions).toHaveLength(1);
  });

  it('holds the per-driver limit of simultaneous sessions under concurrent starts', async () => {
    const stations = await Promise.all([
      connectedStation(),
      connectedStation(),
      connectedStation(),
    ]);
    const who = await driver(server);
    const connectors = stations.flatMap(({ chargePoint }) => chargePoint.station.connectorIds);
    const answers = await Promise.all(
      connectors.map((connectorId) => start(server, who, { connectorId })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(
      server.config.charging.maxSessionsPerUser,
    );
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => (a.body as unknown as { code: string }).code)).toEqual(
      Array(connectors.length - server.config.charging.maxSessionsPerUser).fill(
        'TOO_MANY_SESSIONS',
      ),
    );
  });

  it('says the station cannot execute the command when the charge point rejects, and cancels the session', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.setRejectCommands(true);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const answer = await start(server, who, { connectorId });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'COMMAND_REJECTED' });
    const [session] = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.userId, who.id));
    expect(session).toMatchObject({
      status: 'cancelled',
      serverStopReason: 'rejected',
      costMinor: 0,
    });
    // The connector is free again for the next try.
    station.setRejectCommands(false);
    expect((await start(server, who, { connectorId })).status).toBe(200);
  });

  it('says the emergency button is pressed', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.pressEmergency();
    await station.flush();
    await eventually(
      async () => (await server.call<Charge>(getSelf, { token: who.token })).status === 200,
    );
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'EMERGENCY_STOP' });
  });

  it('refuses a start on an offline charge point, and a connector that does not exist', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    await station.close();
    await eventually(() => !server.app.chargePoints.isConnected(chargePoint.id));
    const offline = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(offline.body).toMatchObject({
      code: 'COMMAND_REJECTED',
      details: { reason: 'offline' },
    });
    const missing = await start(server, who, {
      connectorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    const bad = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fields: [{ path: 'limit.value', rule: 'limitValueRequired' }],
    });
  });

  it('cancels a start the car never took up, at no charge, and refuses its late StartTransaction', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.body.status).toBe('preparing');
    // The deadline passes.
    await server.db
      .update(chargingSessions)
      .set({ startDeadlineAt: new Date(Date.now() - 1000) })
      .where(eq(chargingSessions.transactionId, started.body.transactionId));
    const { checkChargeTimeout } = await import('@evcharge/api/sessions/session-settings');
    const check = await server.call<{ isTimedOut: boolean; charge: Charge }>(checkChargeTimeout, {
      token: who.token,
      params: { transactionId: started.body.transactionId },
    });
    expect(check.body).toMatchObject({
      isTimedOut: true,
      charge: { status: 'cancelled', costMinor: 0 },
    });
    const accepted = station.next('transactionAccepted');
    station.plug(1, testCar);
    expect((await accepted).idTagStatus).toBe('Invalid');
  });
});
