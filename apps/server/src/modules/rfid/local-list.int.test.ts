import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RfidTag } from '@evcharge/api/rfid/rfid';
import { deleteRfidTag, updateRfidTag } from '@evcharge/api/rfid/rfid';
import { chargingSessions } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { chargePoints } from '../../db/schema/ocpp';
import { signedInUser } from '../../test/builders';
import { expectLedgerBalanced, topUp } from '../../test/charging';
import { postTransaction, walletBalanceMinor } from '../ledger';
import {
  addChargePoint,
  closeSimStations,
  connectedStation,
  eventually,
  simStation,
} from '../../test/charge-points';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertSessionTariff, testCar } from '../../test/sessions';
import { driverGroupTag } from '../sessions';
import { syncChargePoint } from './local-list';

// OCPP 1.6 §3.5.3: every charge point that reads tags holds the bound tags (SendLocalList,
// GetLocalListVersion), so a driver's tag starts while the station cannot reach us; the start
// reaches us later and is the driver's session.

let server: TestServer;
let tariffId: string;
beforeAll(async () => {
  server = await startTestServer();
  tariffId = await insertSessionTariff(server);
});
afterEach(closeSimStations);
afterAll(async () => {
  await server?.close();
});

const uniqueTag = () => `LL${Math.random().toString(16).slice(2, 12).toUpperCase()}`;

async function driverWith(uid: string) {
  const user = await signedInUser(server);
  await topUp(server, user.id, 100_000);
  const [tag] = await server.db.insert(rfidTags).values({ userId: user.id, uid }).returning();
  return { ...user, tagId: tag!.id };
}

async function tagsChanged() {
  server.app.localList.tagsChanged();
  await server.app.localList.settled();
}

describe('the local authorization list', () => {
  it('is sent at boot and follows tags bound, blocked and deleted', async () => {
    const uid = uniqueTag();
    const anna = await driverWith(uid);
    const { chargePoint, station } = await connectedStation(server, {
      tariffId,
      supportsRfid: true,
    });
    // At boot the server asks for the list's version and sends the whole list.
    const entry = await eventually(() => station.localList().entries[uid]);
    expect(entry).toEqual({ status: 'Accepted', parentIdTag: driverGroupTag(anna.id) });
    await server.app.localList.settled();
    const sent = station.localList().version;
    expect(sent).toBeGreaterThan(0);

    // Nothing changed: nothing is sent again.
    expect(
      await syncChargePoint(
        { db: server.db, chargePoints: server.app.chargePoints },
        chargePoint.id,
      ),
    ).toBe('inStep');
    await tagsChanged();
    expect(station.localList().version).toBe(sent);

    await server.call<RfidTag>(updateRfidTag, {
      token: anna.token,
      body: { id: anna.tagId, isBlocked: true },
    });
    await server.app.localList.settled();
    expect(station.localList().entries[uid]?.status).toBe('Blocked');
    expect(station.localList().version).toBe(sent + 1);

    await server.call(deleteRfidTag, { token: anna.token, params: { id: anna.tagId } });
    await server.app.localList.settled();
    expect(station.localList().entries[uid]).toBeUndefined();
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    // The list is empty now (GetLocalListVersion would answer 0); we keep the version sent.
    expect(row!.localListVersion).toBe(sent + 2);
  });

  it('a station without a reader is sent nothing; one without list support is asked no more', async () => {
    await driverWith(uniqueTag());
    const plain = await connectedStation(server, { tariffId, supportsRfid: false });
    const point = await addChargePoint(server, { tariffId, supportsRfid: true });
    const unsupported = simStation(server, point, { localAuthListSupported: false });
    await unsupported.connect({ timeoutMs: 5000 });
    await server.app.localList.settled();
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(chargePoints)
        .where(eq(chargePoints.id, point.id));
      return row!.localListUnsupported;
    });
    expect(plain.station.localList().version).toBe(0);
  });

  it('a tag on the list starts while the station is offline; the start reaches us as the driver’s session', async () => {
    const uid = uniqueTag();
    const boris = await driverWith(uid);
    const { station } = await connectedStation(server, { tariffId, supportsRfid: true });
    await eventually(() => station.localList().entries[uid]);
    await station.dropConnection();
    station.plug(1, testCar);
    expect(await station.presentTag(uid, 1)).toMatchObject({ outcome: 'started' });
    // Someone else's card, not on the list: refused offline.
    expect(await station.presentTag(uniqueTag(), 2)).toMatchObject({ outcome: 'rejected' });
    await station.restore();
    await station.flush();
    const [session] = await eventually(async () => {
      const rows = await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.userId, boris.id));
      return rows.length > 0 ? rows : undefined;
    });
    expect(session).toMatchObject({ rfidTagId: boris.tagId, status: 'charging' });
  });

  it('a start made offline that the rules now refuse is still the driver’s bill, and the station is told to stop', async () => {
    const uid = uniqueTag();
    const mark = await driverWith(uid);
    const { station } = await connectedStation(server, { tariffId, supportsRfid: true });
    await eventually(() => station.localList().entries[uid]);
    await server.app.localList.settled();
    await station.dropConnection();
    // Meanwhile Mark's balance became a debt: a start now would be Blocked.
    await postTransaction(server.db, {
      kind: 'charge_payment',
      reference: `test-debt-${mark.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: mark.id }, amountMinor: -150_000 },
        { owner: { kind: 'revenue' }, amountMinor: 150_000 },
      ],
    });
    station.plug(1, testCar);
    expect(await station.presentTag(uid, 1)).toMatchObject({ outcome: 'started' });
    station.clock.advance(10 * 60_000);
    const answered = station.next('transactionAccepted');
    await station.restore();
    const { transactionId, idTagStatus } = await answered;
    expect(idTagStatus).toBe('Blocked');
    expect(transactionId).toBeGreaterThan(0);
    // StopTransactionOnInvalidId: the station stops it, and its energy is billed.
    await station.flush();
    const session = await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.transactionId, transactionId));
      return row?.status === 'success' ? row : undefined;
    });
    expect(session).toMatchObject({ userId: mark.id, stopReason: 'DeAuthorized' });
    expect(session.energyWh).toBeGreaterThan(0);
    expect(session.costMinor).toBeGreaterThan(0);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: mark.id }, 'rub'),
    ).toBe(100_000 - 150_000 - session.costMinor);
    await expectLedgerBalanced(server);
  });
});
