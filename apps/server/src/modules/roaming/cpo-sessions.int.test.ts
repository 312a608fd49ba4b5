import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OcpiToken } from '@evcharge/api/ocpi/types';
import { ocpiDateTime } from '@evcharge/api/ocpi/types';
import { chargingSessions } from '../../db/schema/charging';
import { roamingPartners } from '../../db/schema/roaming';
import { users } from '../../db/schema/users';
import { connectedStation, eventually, type SimStation } from '../../test/charge-points';
import { withSimStations, withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import { insertSessionTariff, MINUTE_MS, sessionOf, startWithTag } from '../../test/sessions';
import { walletBalanceMinor } from '../ledger';
import { maxEnergyWh } from '../sessions';
import { invitePartner } from './index';

// SPEC §1 roaming, our side as CPO: a partner's driver charges at our station with the
// partner's card (OCPI 2.2.1 §12.4.4), by the rules every start obeys; the partner hears the
// Session as it goes (§9.2.2) and gets the CDR once it is billed (§10.2.2), and can pull both
// (§9.2.1, §10.2.1). The partner operator of apps/ocpi-peer validates all it receives.

const server = withTestServer();
withSimStations(server, { ledger: true });
const newPeer = withPeers();

async function partnerOfOurs() {
  const peer = await newPeer({ partyId: 'NCP' });
  const { tokenA } = await invitePartner(roamingDeps(server), 'NordCharge');
  await peer.register(`${server.baseUrl}/ocpi/versions`, tokenA);
  const [row] = await server.db.select().from(roamingPartners).where(eq(roamingPartners.partyId, 'NCP'));
  return { peer, partnerId: row!.id };
}

/** One of the partner's drivers' cards, pushed to us (§12.2.1.2). */
async function cardOf(
  peer: Awaited<ReturnType<typeof partnerOfOurs>>['peer'],
  whitelist: OcpiToken['whitelist'],
  valid = true,
): Promise<OcpiToken> {
  const uid = `NCP${randomBytes(4).toString('hex').toUpperCase()}`;
  const token: OcpiToken = {
    country_code: 'FI',
    party_id: 'NCP',
    uid,
    type: 'RFID',
    contract_id: `FI-NCP-C${uid.slice(3)}`,
    issuer: 'NordCharge',
    valid,
    whitelist,
    last_updated: ocpiDateTime(new Date()),
  };
  await peer.updateToken(token);
  return token;
}

const authorize = async (station: SimStation, idTag: string) =>
  ((await station.call('Authorize', { idTag })) as { idTagInfo: { status: string; parentIdTag?: string } })
    .idTagInfo;

const settle = async () => {
  await server.app.roamingSessions.settled();
};

/** The driver stops at the station and drives off: the session final and billed. */
async function stopAndLeave(station: SimStation, transactionId: number) {
  station.stop(1);
  await station.flush();
  station.unplug(1);
  await station.flush();
  return eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
}

async function ourStation() {
  const tariffId = await insertSessionTariff(server);
  return connectedStation(server, { tariffId, connectors: [{}, {}] });
}

describe('a partner’s driver at our station (CPO)', () => {
  it('charges with a whitelisted card; the partner gets the Session as it goes and the CDR once, priced as our tariff; the partner’s account owes it', async () => {
    const { peer, partnerId } = await partnerOfOurs();
    const card = await cardOf(peer, 'ALWAYS');
    const { station, chargePoint } = await ourStation();

    const info = await authorize(station, card.uid);
    expect(info.status).toBe('Accepted');
    // The partner's drivers share its account: no group tag of one driver.
    expect(info.parentIdTag).toBeUndefined();
    const transactionId = await startWithTag(station, card.uid);
    const started = await sessionOf(server, transactionId);
    expect(started).toMatchObject({
      status: 'charging',
      paymentMethod: 'partner',
      payerPartnerId: partnerId,
      fundsCapMinor: null,
      rfidTagId: null,
      roamingDriver: { uid: card.uid, contractId: card.contract_id, authMethod: 'WHITELIST' },
    });
    await settle();
    const key = `RU/EVC/${started.id}`;
    expect(peer.store.partnerSessions.get(key)).toMatchObject({
      status: 'ACTIVE',
      location_id: chargePoint.station.code,
      evse_uid: started.connectorId,
      cdr_token: { uid: card.uid, contract_id: card.contract_id, type: 'RFID' },
      auth_method: 'WHITELIST',
      currency: 'RUB',
    });

    for (let minute = 0; minute < 20; minute++) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    await settle();
    const live = await sessionOf(server, transactionId);
    expect(live.energyWh).toBeGreaterThan(0);
    expect(peer.store.partnerSessions.get(key)?.kwh).toBe(live.energyWh / 1000);

    const done = await stopAndLeave(station, transactionId);
    expect(done.costMinor).toBeGreaterThan(0);
    await settle();
    expect(peer.store.partnerSessions.get(key)).toMatchObject({
      status: 'COMPLETED',
      total_cost: { incl_vat: done.costMinor / 100 },
    });
    const cdrs = [...peer.store.partnerCdrs.values()].filter((c) => c.session_id === done.id);
    expect(cdrs).toHaveLength(1);
    expect(cdrs[0]).toMatchObject({
      country_code: 'RU',
      party_id: 'EVC',
      currency: 'RUB',
      total_cost: { incl_vat: done.costMinor / 100 },
      total_energy: done.energyWh / 1000,
      cdr_token: { uid: card.uid, contract_id: card.contract_id },
      cdr_location: { id: chargePoint.station.code, evse_uid: done.connectorId, connector_id: '1' },
    });
    expect(cdrs[0]!.charging_periods[0]!.dimensions).toContainEqual({ type: 'ENERGY', volume: done.energyWh / 1000 });

    // The partner owes what its driver charged: its account's wallet, not a driver's.
    const account = done.userId;
    expect(await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: account }, 'rub')).toBe(-done.costMinor);
    const [partner] = await server.db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
    expect(partner!.accountUserId).toBe(account);

    // Sent once: a sweep and another notice send nothing again.
    const cdrPushes = peer.requestLog.filter((r) => r.method === 'POST' && r.url.includes('/cdrs')).length;
    await server.app.roamingSessions.sweep();
    expect(peer.requestLog.filter((r) => r.method === 'POST' && r.url.includes('/cdrs')).length).toBe(cdrPushes);

    // The partner can pull both lists; another partner sees none of them.
    const sessions = await peer.pull('sessions');
    expect(sessions.invalid).toEqual([]);
    expect(sessions.objects.map((s) => s.id)).toContain(done.id);
    const pulled = await peer.pull('cdrs');
    expect(pulled.invalid).toEqual([]);
    expect(pulled.objects.map((c) => c.id)).toEqual([done.id]);

    // Nobody signs in to the partner's account.
    const [row] = await server.db.select().from(users).where(eq(users.id, account));
    const login = await server.fetch('/auth/v2/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: row!.email, password: row!.passwordHash, userType: 2 }),
    });
    expect(login.status).toBe(401);
  });

  it('holds a leaping meter to physics for a partner’s driver too: the partner’s session, CDR and account see the plausible energy only', async () => {
    const { peer } = await partnerOfOurs();
    const card = await cardOf(peer, 'ALWAYS');
    const { station } = await ourStation();
    const transactionId = await startWithTag(station, card.uid);
    for (let minute = 0; minute < 5; minute++) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    const plausibleWh = (await sessionOf(server, transactionId)).energyWh;
    station.jumpMeter(1, 1_000_000_000_000);
    station.clock.advance(MINUTE_MS);
    await station.flush();
    const done = await stopAndLeave(station, transactionId);
    expect(done).toMatchObject({ energyWh: plausibleWh, energySource: 'last_reading' });
    expect(done.meterClaimedWh).toBeGreaterThanOrEqual(1_000_000_000_000);
    expect(done.energyWh).toBeLessThanOrEqual(maxEnergyWh(22_000, done.startedAt!, done.stoppedAt!));
    await settle();
    const cdrs = [...peer.store.partnerCdrs.values()].filter((c) => c.session_id === done.id);
    expect(cdrs).toHaveLength(1);
    expect(cdrs[0]).toMatchObject({
      total_energy: plausibleWh / 1000,
      total_cost: { incl_vat: done.costMinor / 100 },
    });
    // The partner's account owes what the plausible energy cost, no more.
    expect(await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: done.userId }, 'rub')).toBe(
      -done.costMinor,
    );
  });

  it('asks the partner in real time for a card it must authorize (NEVER), and refuses when it says no or cannot answer', async () => {
    const { peer } = await partnerOfOurs();
    const asked = await cardOf(peer, 'NEVER');
    const { station } = await ourStation();

    expect((await authorize(station, asked.uid)).status).toBe('Accepted');
    expect(peer.store.authorizations.filter((a) => a.token.uid === asked.uid)).toHaveLength(1);
    const transactionId = await startWithTag(station, asked.uid);
    // Authorize and StartTransaction asked the partner once.
    expect(peer.store.authorizations.filter((a) => a.token.uid === asked.uid)).toHaveLength(1);
    const session = await sessionOf(server, transactionId);
    expect(session.roamingDriver).toMatchObject({
      authMethod: 'AUTH_REQUEST',
      authorizationReference: peer.store.authorizations.at(-1)!.authorization_reference,
    });

    // Blocked at the partner: Blocked here too, nothing stored.
    const blocked = await cardOf(peer, 'NEVER');
    peer.store.ownTokens.set(blocked.uid, { ...blocked, valid: false });
    expect((await authorize(station, blocked.uid)).status).toBe('Blocked');

    // The partner does not answer: a NEVER card is refused, an ALLOWED_OFFLINE one accepted.
    const never = await cardOf(peer, 'NEVER');
    const offline = await cardOf(peer, 'ALLOWED_OFFLINE');
    peer.faults.failNext(2, 503);
    expect((await authorize(station, never.uid)).status).toBe('Invalid');
    expect((await authorize(station, offline.uid)).status).toBe('Accepted');
  });

  it('refuses a card the partner made invalid, an unknown one, a second car on one card, and a private station', async () => {
    const { peer } = await partnerOfOurs();
    const { station } = await ourStation();
    const invalid = await cardOf(peer, 'ALWAYS', false);
    expect((await authorize(station, invalid.uid)).status).toBe('Blocked');
    expect((await authorize(station, 'NCPNOBODY')).status).toBe('Invalid');

    const card = await cardOf(peer, 'ALWAYS');
    const start = (connectorId: number) =>
      station.call('StartTransaction', {
        connectorId,
        idTag: card.uid,
        meterStart: 0,
        timestamp: new Date().toISOString(),
      }) as Promise<{ transactionId: number; idTagInfo: { status: string } }>;
    // Two connectors at once with one card: one session.
    const answers = await Promise.all([start(1), start(2)]);
    expect(answers.map((a) => a.idTagInfo.status).sort()).toEqual(['Accepted', 'ConcurrentTx']);

    const tariffId = await insertSessionTariff(server);
    const privateOne = await connectedStation(server, { tariffId, isPrivate: true });
    const other = await cardOf(peer, 'ALWAYS');
    expect((await authorize(privateOne.station, other.uid)).status).toBe('Invalid');
    const rows = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.connectorId, privateOne.chargePoint.station.connectorIds[0]!));
    expect(rows).toHaveLength(0);
  });

  it('sends what the partner missed while it was down, once it answers again', async () => {
    const { peer } = await partnerOfOurs();
    const card = await cardOf(peer, 'ALWAYS');
    const { station } = await ourStation();
    peer.faults.failNext(1000, 503);
    const transactionId = await startWithTag(station, card.uid);
    station.clock.advance(5 * MINUTE_MS);
    await station.flush();
    const done = await stopAndLeave(station, transactionId);
    await settle();
    expect([...peer.store.partnerCdrs.values()].some((c) => c.session_id === done.id)).toBe(false);

    peer.faults.reset();
    await server.app.roamingSessions.sweep();
    expect(peer.store.partnerSessions.get(`RU/EVC/${done.id}`)?.status).toBe('COMPLETED');
    expect([...peer.store.partnerCdrs.values()].filter((c) => c.session_id === done.id)).toHaveLength(1);
  });
});
