import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listBalanceOperations, getBalance } from '@evcharge/api/payments/balance';
import type { BalanceOperation, Receipt } from '@evcharge/api/payments/payment-schemas';
import { getReceipt } from '@evcharge/api/payments/receipts';
import {
  listPrivateStations,
  type PrivateStation,
} from '@evcharge/api/private-stations/private-stations';
import { ownerShare } from '@evcharge/domain/private-station';
import { ledgerTransactions, receipts } from '../../db/schema/money';
import { eventually } from '../../test/charge-points';
import { driver, start, type Driver } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { moneyDeps } from '../../test/money-deps';
import { ownedStation, share, sharedAlways, type UnclaimedStation } from '../../test/private-stations';
import { MINUTE_MS, sessionOf, testCar } from '../../test/sessions';
import { finishSession, findPlacedSession } from '../sessions';
import { adjustStationOwner } from '../sessions/owner-earning';
import { brandById } from '../../brand/brands';

// SPEC §1 private stations: what another driver pays for a session on the owner's station goes
// to the owner's balance less the platform's fee (15 % in the demo brand, rounded half up),
// through the ledger in the transaction that makes the session final, once; both sides get
// their receipt, and the owner's balance history shows the earning. The owner's own sessions
// cost nothing and earn nothing.

const server = withTestServer();
withSimStations(server, { ledger: true });

const PER_KWH = 2_000;

/** Another driver's session on the owner's station, charged for `minutes` and left. */
async function othersSession(station: UnclaimedStation, other: Driver, minutes: number) {
  const { sim } = station;
  sim.plug(1, testCar);
  await sim.flush();
  const started = await start(server, other, { connectorId: station.connectorIds[0]! });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { transactionId } = started.body;
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  for (let i = 0; i < minutes; i++) {
    sim.clock.advance(MINUTE_MS);
    await sim.flush();
  }
  return transactionId;
}

async function leave(station: UnclaimedStation, transactionId: number) {
  await station.sim.stop(1, 'EVDisconnected');
  station.sim.unplug(1);
  await station.sim.flush();
  return eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
}

const balanceOf = async (who: Driver) =>
  (await server.call<{ balanceMinor: number }>(getBalance, { token: who.token })).body.balanceMinor;

const earningsOf = (sessionId: string) =>
  server.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'owner_earning'), eq(ledgerTransactions.reference, sessionId)));

describe('what a private station earns its owner', () => {
  it('another driver’s session: its cost less the fee on the owner’s balance, with receipts', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server, 100_000);
    const station = await ownedStation(server, owner);
    await share(server, owner, station.id, sharedAlways({ perKwhMinor: PER_KWH }));
    const transactionId = await othersSession(station, other, 7);
    const session = await leave(station, transactionId);
    expect(session.costMinor).toBeGreaterThan(0);
    const share15 = ownerShare(session.costMinor, 15);
    expect(share15.feeMinor + share15.ownerMinor).toBe(session.costMinor);

    expect(await balanceOf(owner)).toBe(share15.ownerMinor);
    expect(await balanceOf(other)).toBe(100_000 - session.costMinor);
    expect(await earningsOf(session.id)).toHaveLength(1);

    // The driver's receipt as usual; the owner's statement of the earning.
    const [driversReceipt] = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.sessionId, session.id), eq(receipts.kind, 'session')));
    expect(driversReceipt).toMatchObject({ userId: other.id, amountMinor: session.costMinor });
    const [statementRow] = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.sessionId, session.id), eq(receipts.kind, 'station_earning')));
    const statement = await server.call<Receipt>(getReceipt, {
      token: owner.token,
      params: { id: statementRow!.id },
    });
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({ kind: 'station_earning', amountMinor: share15.ownerMinor });
    expect(statement.body.items.map((i) => [i.code, i.amountMinor])).toEqual([
      ['station_session', session.costMinor],
      ['platform_fee', -share15.feeMinor],
    ]);
    // The other driver cannot read the owner's statement.
    expect(
      (await server.call(getReceipt, { token: other.token, params: { id: statementRow!.id } })).status,
    ).toBe(404);

    // The owner's balance history shows it, with its statement.
    const operations = await server.call<{ items: BalanceOperation[] }>(listBalanceOperations, {
      token: owner.token,
    });
    expect(operations.body.items).toEqual([
      expect.objectContaining({
        type: 'StationEarning',
        direction: 'in',
        amountMinor: share15.ownerMinor,
        transactionId,
        receiptId: statementRow!.id,
      }),
    ]);

    // myCharges: the session (not the driver), what it earned, the total.
    const mine = await server.call<{ items: PrivateStation[]; earnings: unknown[] }>(
      listPrivateStations,
      { token: owner.token },
    );
    const [item] = mine.body.items;
    expect(item?.sessions[0]).toMatchObject({
      transactionId,
      isOwn: false,
      status: 'success',
      costMinor: session.costMinor,
      earnedMinor: share15.ownerMinor,
    });
    expect(item?.earned).toEqual([{ currency: 'rub', amountMinor: share15.ownerMinor }]);
    expect(mine.body.earnings).toEqual([{ currency: 'rub', amountMinor: share15.ownerMinor }]);
  });

  it('the owner’s own session: free, no earning, no receipt', async () => {
    const owner = await driver(server, 0);
    const station = await ownedStation(server, owner);
    const transactionId = await othersSession(station, owner, 5);
    const session = await leave(station, transactionId);
    expect(session.energyWh).toBeGreaterThan(0);
    expect(session.costMinor).toBe(0);
    expect(await balanceOf(owner)).toBe(0);
    expect(await earningsOf(session.id)).toHaveLength(0);
    expect(await server.db.select().from(receipts).where(eq(receipts.sessionId, session.id))).toEqual([]);
    const mine = await server.call<{ items: PrivateStation[] }>(listPrivateStations, { token: owner.token });
    expect(mine.body.items[0]?.sessions[0]).toMatchObject({ transactionId, isOwn: true, costMinor: 0, earnedMinor: null });
  });

  it('credits once when the session is finished twice at the same time', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server, 100_000);
    const station = await ownedStation(server, owner);
    await share(server, owner, station.id, sharedAlways({ perKwhMinor: PER_KWH }));
    const transactionId = await othersSession(station, other, 6);
    const running = await sessionOf(server, transactionId);
    const placed = (await findPlacedSession(server.db, running.id))!;
    const deps = await moneyDeps(server);
    const end = {
      chargingEndedAt: new Date(),
      energyWh: running.energyWh,
      meterStopWh: null,
      stopReason: 'Local',
    };
    const finished = await Promise.all(Array.from({ length: 4 }, () => finishSession(deps, placed, end)));
    expect(finished.filter(Boolean)).toHaveLength(1);
    const session = await sessionOf(server, transactionId);
    const { ownerMinor } = ownerShare(session.costMinor, 15);
    expect(ownerMinor).toBeGreaterThan(0);
    expect(await earningsOf(session.id)).toHaveLength(1);
    expect(await balanceOf(owner)).toBe(ownerMinor);
    const statements = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.sessionId, session.id), eq(receipts.kind, 'station_earning')));
    expect(statements).toHaveLength(1);
    // The charge point's own stop, later, changes nothing more.
    await Promise.resolve(station.sim.stop(1, 'Local')).catch(() => undefined);
    await station.sim.flush();
    expect(await earningsOf(session.id)).toHaveLength(1);
    expect(await balanceOf(owner)).toBe(ownerMinor);
  });

  it('a late final meter reading corrects the owner’s share, once', async () => {
    const owner = await driver(server, 0);
    const other = await driver(server, 100_000);
    const station = await ownedStation(server, owner);
    await share(server, owner, station.id, sharedAlways({ perKwhMinor: PER_KWH }));
    const transactionId = await othersSession(station, other, 3);
    const session = await leave(station, transactionId);
    const before = session.costMinor;
    const after = before + 1_000;
    const brand = brandById(server.config.brand);
    await server.db.transaction((tx) => adjustStationOwner(tx, brand, session, { before, after }));
    const expected = ownerShare(after, 15).ownerMinor;
    expect(await balanceOf(owner)).toBe(expected);
    // The ledger takes the correction of a session once.
    await expect(
      server.db.transaction((tx) => adjustStationOwner(tx, brand, session, { before, after: after + 500 })),
    ).rejects.toThrow();
    expect(await balanceOf(owner)).toBe(expected);
  });
});
