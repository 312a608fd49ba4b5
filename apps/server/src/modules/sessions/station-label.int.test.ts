import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OcpiToken } from '@evcharge/api/ocpi/types';
import { ocpiDateTime } from '@evcharge/api/ocpi/types';
import { connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import type { StationLabel } from '@evcharge/domain/connector-status';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { roamingPartners } from '../../db/schema/roaming';
import { stations } from '../../db/schema/stations';
import { connectedStation, eventually, type SimStation } from '../../test/charge-points';
import { driver, start } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { reserve } from '../../test/reservations';
import { roamingDeps, withPeers } from '../../test/roaming';
import { driverWithTag, insertSessionTariff } from '../../test/sessions';
import { invitePartner } from '../roaming';

// SPEC §4 station labels (works, not working, under repair, opening soon) and a connector's own
// unavailability govern starts from every way in, through the one place that decides them
// (start-rules.ts): the app's start and its plan, a reservation and a start on it, a driver's
// RFID tag (OCPP 1.6 Authorize and StartTransaction), a roaming partner's driver's card, and
// the charge point's local authorization list. Each refusal names the label; nothing starts.

const server = withTestServer();
withSimStations(server, { ledger: true });
const newPeer = withPeers();

const labels = [
  ['notWorking', 'STATION_NOT_WORKING'],
  ['underRepair', 'STATION_UNDER_REPAIR'],
  ['openingSoon', 'STATION_OPENING_SOON'],
] as const;

/** A connected station (RFID reader, periods reservable) with the operator's label. */
async function labelled(state: StationLabel) {
  const tariffId = await insertSessionTariff(server);
  const { chargePoint, station } = await connectedStation(server, {
    tariffId,
    state,
    supportsRfid: true,
    supportsPeriodReservation: true,
  });
  return { chargePoint, station, connectorId: chargePoint.station.connectorIds[0]! };
}

async function setLabel(stationId: string, state: StationLabel) {
  await server.db.update(stations).set({ state }).where(eq(stations.id, stationId));
  await server.app.stationReadModel.refreshStation(stationId);
}

const sessionsOn = (connectorId: string) =>
  server.db.select().from(chargingSessions).where(eq(chargingSessions.connectorId, connectorId));

const reservationsOn = (connectorId: string) =>
  server.db.select().from(reservations).where(eq(reservations.connectorId, connectorId));

type IdTagAnswer = { idTagInfo: { status: string }; transactionId?: number };

const authorize = async (station: SimStation, idTag: string) =>
  ((await station.call('Authorize', { idTag })) as IdTagAnswer).idTagInfo.status;

const startTransaction = async (station: SimStation, idTag: string, connectorId = 1) =>
  ((await station.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart: 1_000,
    timestamp: new Date().toISOString(),
  })) as IdTagAnswer).idTagInfo.status;

/** A period an hour long, a day ahead, on the reservation step. */
function periodAhead() {
  const startsAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
  return {
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  };
}

/** A roaming partner (apps/ocpi-peer) and one of its drivers' whitelisted cards, pushed to us. */
async function partnerCard(partyId: string) {
  const peer = await newPeer({ partyId });
  const { tokenA } = await invitePartner(roamingDeps(server), `Partner ${partyId}`);
  await peer.register(`${server.baseUrl}/ocpi/versions`, tokenA);
  const [partner] = await server.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, partyId));
  expect(partner?.status).toBe('registered');
  const uid = `${partyId}${randomBytes(4).toString('hex').toUpperCase()}`;
  const token: OcpiToken = {
    country_code: 'FI',
    party_id: partyId,
    uid,
    type: 'RFID',
    contract_id: `FI-${partyId}-C${uid.slice(3)}`,
    issuer: `Partner ${partyId}`,
    valid: true,
    whitelist: 'ALWAYS',
    last_updated: ocpiDateTime(new Date()),
  };
  await peer.updateToken(token);
  return uid;
}

describe.each(labels)('a station labelled %s', (label, code) => {
  it('refuses a start from the app with the label, and the plan says it before Start', async () => {
    const { connectorId } = await labelled(label);
    const who = await driver(server);

    const refused = await start(server, who, { connectorId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code });
    expect(await sessionsOn(connectorId)).toEqual([]);

    const plan = await server.call(planCharge, {
      token: who.token,
      body: { connectorId, limit: { mode: 'none' }, profile: 'fast' },
    });
    expect(plan.body).toMatchObject({ canStart: false, blockedBy: label });
  });

  it('refuses a reservation, quick or for a later period, and the quote says why', async () => {
    const { connectorId } = await labelled(label);
    const who = await driver(server);

    const quote = await server.call<{ quote: { blockedBy: string | null } }>(
      connectorReserveNowV2,
      { token: who.token, params: { id: connectorId } },
    );
    expect(quote.body.quote.blockedBy).toBe(label);
    for (const body of [
      { connectorId, mode: 'quick' as const },
      { connectorId, mode: 'period' as const, ...periodAhead() },
    ]) {
      const refused = await reserve(server, who, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code });
    }
    expect(await reservationsOn(connectorId)).toEqual([]);
  });

  it('refuses a start on the driver’s own reservation made before the label', async () => {
    const { chargePoint, station, connectorId } = await labelled('works');
    const who = await driver(server);
    const reserved = await reserve(server, who, { connectorId, mode: 'quick' });
    expect(reserved.status).toBe(200);
    await eventually(() => station.connector(1).status === 'Reserved');

    await setLabel(chargePoint.station.id, label);
    const refused = await start(server, who, { connectorId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code });
    expect(await sessionsOn(connectorId)).toEqual([]);
  });

  it('answers a driver’s RFID tag Invalid at Authorize and StartTransaction, and starts nothing', async () => {
    const { station, connectorId } = await labelled(label);
    const { tag } = await driverWithTag(server);

    expect(await authorize(station, tag)).toBe('Invalid');
    expect(await startTransaction(station, tag)).toBe('Invalid');
    expect(await sessionsOn(connectorId)).toEqual([]);
  });

  it('answers a roaming partner’s driver’s card Invalid, and starts nothing', async () => {
    const partyId = `LB${labels.findIndex(([name]) => name === label)}`;
    const uid = await partnerCard(partyId);
    const { station, connectorId } = await labelled(label);

    expect(await authorize(station, uid)).toBe('Invalid');
    expect(await startTransaction(station, uid)).toBe('Invalid');
    expect(await sessionsOn(connectorId)).toEqual([]);
  });

  it('keeps every driver’s tag Blocked in its charge point’s local list, so none starts offline', async () => {
    const { tag } = await driverWithTag(server);
    const { station } = await labelled(label);

    const entry = await eventually(() => station.localList().entries[tag]);
    expect(entry.status).toBe('Blocked');
  });
});

describe('a station that works', () => {
  it('takes each way in the table refuses elsewhere (the table is about the label)', async () => {
    const { tag } = await driverWithTag(server);
    const { station, connectorId } = await labelled('works');
    const who = await driver(server);
    const plan = await server.call(planCharge, {
      token: who.token,
      body: { connectorId, limit: { mode: 'none' }, profile: 'fast' },
    });
    expect(plan.body).toMatchObject({ canStart: true, blockedBy: null });
    const quote = await server.call<{ quote: { blockedBy: string | null } }>(
      connectorReserveNowV2,
      { token: who.token, params: { id: connectorId } },
    );
    expect(quote.body.quote.blockedBy).toBeNull();
    const entry = await eventually(() => station.localList().entries[tag]);
    expect(entry.status).toBe('Accepted');
    expect(await authorize(station, tag)).toBe('Accepted');
    expect(await startTransaction(station, tag)).toBe('Accepted');
    expect(await sessionsOn(connectorId)).toHaveLength(1);
    // A partner's driver's card, on the other connector.
    const uid = await partnerCard('LBW');
    expect(await authorize(station, uid)).toBe('Accepted');
    expect(await startTransaction(station, uid, 2)).toBe('Accepted');
  });
});

describe('a connector its charge point reports Unavailable (OCPP 1.6 §4.9)', () => {
  const report = (station: SimStation, connectorId: number, status: string) =>
    station.call('StatusNotification', { connectorId, status, errorCode: 'NoError' });

  it('takes no start from the app or a tag; the other connector still does', async () => {
    const { station, chargePoint, connectorId } = await labelled('works');
    const who = await driver(server);
    const { tag } = await driverWithTag(server);
    await report(station, 1, 'Unavailable');

    const refused = await start(server, who, { connectorId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'COMMAND_REJECTED',
      details: { reason: 'unavailable' },
    });
    expect(await startTransaction(station, tag, 1)).toBe('Invalid');
    expect(await sessionsOn(connectorId)).toEqual([]);

    // Authorize names no connector; the charge point itself is in service.
    expect(await authorize(station, tag)).toBe('Accepted');
    expect(await startTransaction(station, tag, 2)).toBe('Accepted');
    expect(await sessionsOn(chargePoint.station.connectorIds[1]!)).toHaveLength(1);
  });

  it('takes no tag at all while the charge point reports itself Unavailable (connectorId 0)', async () => {
    const { station, connectorId } = await labelled('works');
    const { tag } = await driverWithTag(server);
    await report(station, 0, 'Unavailable');

    expect(await authorize(station, tag)).toBe('Invalid');
    expect(await startTransaction(station, tag, 1)).toBe('Invalid');
    expect(await sessionsOn(connectorId)).toEqual([]);
  });
});
