import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardHoldMinor } from '@evcharge/domain/payments';
import { chargingSessions } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import { postTransaction, walletBalanceMinor } from '../ledger';
import {
  closeSimStations,
  connectedStation as connectedStationFor,
} from '../../test/charge-points';
import { expectLedgerBalanced } from '../../test/charging';
import { addCompany } from '../../test/companies';
import { startTestServer, type TestServer } from '../../test/harness';
import { bindTestCard, driverWithPhone, sessionPaymentOf } from '../../test/payments';
import { driverWithTag, insertSessionTariff, sessionOf, startWithTag } from '../../test/sessions';
import { chargeUntilStopRequested, leave } from '../../test/sim-sessions';

// An RFID tag at the station starts only as the app would (start-rules.ts):
// debt and blocked accounts are Blocked, no way to pay is Invalid, the simultaneous-sessions
// limit is ConcurrentTx (OCPP 1.6 §7.15), and the session is capped by what pays for it.

let server: TestServer;
let tariffId: string;
beforeAll(async () => {
  server = await startTestServer();
  tariffId = await insertSessionTariff(server);
});
afterEach(closeSimStations);
afterAll(async () => {
  await expectLedgerBalanced(server);
  await server?.close();
});

const connectedStation = (connectors = 2) =>
  connectedStationFor(server, {
    tariffId,
    connectors: Array.from({ length: connectors }, () => ({})),
  });

type Station = Awaited<ReturnType<typeof connectedStation>>['station'];
type StartAnswer = { transactionId: number; idTagInfo: { status: string } };

const authorize = async (station: Station, idTag: string) =>
  ((await station.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo
    .status;

/** A StartTransaction as a third-party charge point sends it, without asking Authorize. */
const rawStart = (station: Station, idTag: string, connectorId = 1) =>
  station.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  }) as Promise<StartAnswer>;

const sessionsOf = (userId: string) =>
  server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, userId));

async function addTag(userId: string) {
  const tag = `CARD-${randomBytes(4).toString('hex')}`;
  await server.db.insert(rfidTags).values({ userId, uid: tag });
  return tag;
}

async function owe(userId: string, amountMinor: number) {
  await postTransaction(server.db, {
    kind: 'charge_payment',
    reference: `test-debt-${userId}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId }, amountMinor: -amountMinor },
      { owner: { kind: 'revenue' }, amountMinor },
    ],
  });
}

describe('an RFID start goes through the rules of an app start', () => {
  it('a debt: Blocked at Authorize and StartTransaction (transaction 0), nothing stored', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server, 0);
    await owe(driver.id, 24_000);
    expect(await authorize(station, driver.tag)).toBe('Blocked');
    expect(await rawStart(station, driver.tag)).toEqual({
      transactionId: 0,
      idTagInfo: { status: 'Blocked' },
    });
    expect(await sessionsOf(driver.id)).toHaveLength(0);
  });

  it('an empty balance and no card: Invalid, nothing stored', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server, 0);
    expect(await authorize(station, driver.tag)).toBe('Invalid');
    expect((await rawStart(station, driver.tag)).idTagInfo.status).toBe('Invalid');
    expect(await sessionsOf(driver.id)).toHaveLength(0);
  });

  it('a station outside its hours (SPEC §3 schedule): Invalid, as the app start is refused', async () => {
    const none = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
    const { station } = await connectedStationFor(server, { tariffId, schedule: none });
    const driver = await driverWithTag(server);
    expect(await authorize(station, driver.tag)).toBe('Invalid');
    expect(await rawStart(station, driver.tag)).toEqual({
      transactionId: 0,
      idTagInfo: { status: 'Invalid' },
    });
    expect(await sessionsOf(driver.id)).toHaveLength(0);
  });

  it('a short balance with a default card: the card is held, the start Accepted and capped', async () => {
    const { station } = await connectedStation();
    const who = await driverWithPhone(server);
    await bindTestCard(server, who, '4242424242424242');
    const tag = await addTag(who.id);
    expect(await authorize(station, tag)).toBe('Accepted');
    const transactionId = await startWithTag(station, tag);
    const session = await sessionOf(server, transactionId);
    expect(session).toMatchObject({
      status: 'charging',
      paymentMethod: 'card',
      fundsCapMinor: cardHoldMinor('rub'),
    });
    expect(await sessionPaymentOf(server, session.id)).toMatchObject({
      status: 'held',
      amountMinor: cardHoldMinor('rub'),
    });
    // The session's cost is taken from the hold when the car leaves.
    station.stop(1);
    await station.flush();
    await leave(server, station, transactionId);
    expect((await sessionPaymentOf(server, session.id))?.status).not.toBe('held');
  });

  it('a tag already in a transaction, and the driver over the session limit: ConcurrentTx', async () => {
    const { station } = await connectedStation(3);
    const driver = await driverWithTag(server);
    const second = await addTag(driver.id);
    const third = await addTag(driver.id);
    expect((await rawStart(station, driver.tag, 1)).idTagInfo.status).toBe('Accepted');
    expect((await rawStart(station, driver.tag, 2)).idTagInfo.status).toBe('ConcurrentTx');
    expect((await rawStart(station, second, 2)).idTagInfo.status).toBe('Accepted');
    // CHARGE_MAX_SESSIONS_PER_USER is 2 by default.
    expect(await authorize(station, third)).toBe('ConcurrentTx');
    expect(await rawStart(station, third, 3)).toEqual({
      transactionId: 0,
      idTagInfo: { status: 'ConcurrentTx' },
    });
    expect(await sessionsOf(driver.id)).toHaveLength(2);
  });

  it('65 tag starts of one driver at once: only the limit starts, each capped by the balance', async () => {
    const { station } = await connectedStation(65);
    const driver = await driverWithTag(server, 50_000);
    const tags = [driver.tag];
    for (let i = 1; i < 65; i += 1) tags.push(await addTag(driver.id));
    const answers = await Promise.all(tags.map((tag, i) => rawStart(station, tag, i + 1)));
    const accepted = answers.filter((a) => a.idTagInfo.status === 'Accepted');
    expect(accepted).toHaveLength(server.config.charging.maxSessionsPerUser);
    expect(
      new Set(
        answers
          .filter((a) => a !== accepted[0] && a !== accepted[1])
          .map((a) => a.idTagInfo.status),
      ),
    ).toEqual(new Set(['ConcurrentTx']));
    const sessions = await sessionsOf(driver.id);
    expect(sessions).toHaveLength(2);
    for (const session of sessions)
      expect(session).toMatchObject({ paymentMethod: 'balance', fundsCapMinor: 50_000 });
  });

  it('the funds stop ends an RFID session before it costs more than the balance', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server, 12_000);
    const transactionId = await startWithTag(station, driver.tag);
    await chargeUntilStopRequested(server, station, transactionId, 90);
    expect((await sessionOf(server, transactionId)).serverStopReason).toBe('funds');
    const done = await leave(server, station, transactionId);
    expect(done.costMinor).toBeLessThanOrEqual(12_000);
    const balance = await walletBalanceMinor(
      server.db,
      { kind: 'user_wallet', userId: driver.id },
      'rub',
    );
    expect(balance).toBeGreaterThanOrEqual(0);
  });

  it('a corporate profile’s tag is paid by the company', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server, 0);
    const company = await addCompany(server, {
      members: [{ userId: driver.id }],
      balanceMinor: 100_000,
    });
    await server.db
      .update(users)
      .set({ accountType: 'CORPORATE', activeCompanyId: company.id })
      .where(eq(users.id, driver.id));
    const transactionId = await startWithTag(station, driver.tag);
    expect(await sessionOf(server, transactionId)).toMatchObject({
      payerCompanyId: company.id,
      paymentMethod: 'company',
      fundsCapMinor: 100_000,
    });
  });
});
