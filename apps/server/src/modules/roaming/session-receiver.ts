import type { FastifyBaseLogger } from 'fastify';
import {
  cdr as cdrSchema,
  commandResult,
  parseDateTime,
  session as sessionSchema,
  sessionPatch,
  type OcpiSession,
} from '@evcharge/api/ocpi/types';
import type { Deps } from '../../deps';
import { roamingReservationResult } from '../reservations';
import {
  adoptRoamingSession,
  applyRoamingSession,
  billRoamingCdr,
  roamingCommandResult,
  type ChargeDeps,
} from '../sessions';
import { isPartnersParty, LocationRefusal, parse } from './locations';
import { connectorOfOcpi, type PartnerRow } from './repo';
import { authorizationByReference } from './tokens';

// OCPI 2.2.1 eMSP receivers of what a partner tells about our drivers' sessions: command results
// (§13.2.2), session pushes (§9.2.2) and CDRs (§10.2.2), validated against the 2.2.1 objects and
// handed to the sessions module, which owns the session. A refusal is a LocationRefusal
// (answered 2001, or 2003/2004-like "unknown" by the transport).

export async function receiveCommandResult(
  deps: Deps,
  partner: PartnerRow,
  command: string,
  uid: string,
  body: unknown,
): Promise<void> {
  const result = parse(commandResult, body);
  if (command === 'RESERVE_NOW' || command === 'CANCEL_RESERVATION') {
    // Ours is the reservation's id (a cancel's carries a suffix of its own).
    const reservationId = uid.split('~')[0]!;
    const outcome = await roamingReservationResult(deps, partner.id, command, reservationId, result.result);
    if (outcome === 'unknown') throw new LocationRefusal('unknownLocation', `no command ${uid}`);
    return;
  }
  if (command !== 'START_SESSION' && command !== 'STOP_SESSION')
    throw new LocationRefusal('unknownLocation', `no ${command} was sent`);
  const key = command === 'START_SESSION' ? { reference: uid } : { sessionId: uid.split('~')[0] };
  const outcome = await roamingCommandResult(deps, partner.id, command, key, result.result);
  if (outcome === 'unknown') throw new LocationRefusal('unknownLocation', `no command ${uid}`);
}

export async function receiveSessionPush(
  deps: ChargeDeps,
  partner: PartnerRow,
  push: { method: 'PUT' | 'PATCH'; countryCode: string; partyId: string; sessionId: string; body: unknown },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!isPartnersParty(partner, push.countryCode, push.partyId))
    throw new LocationRefusal('notTheirs', `${push.countryCode}*${push.partyId} is not the partner's`);
  const whole = push.method === 'PUT' ? parse(sessionSchema, push.body) : undefined;
  const part = whole ?? parse(sessionPatch, push.body);
  if (whole && whole.id !== push.sessionId)
    throw new LocationRefusal('invalid', 'the Session does not match its URL');
  const sessionPush = {
      id: push.sessionId,
      status: part.status,
      startedAt: part.start_date_time ? parseDateTime(part.start_date_time) : undefined,
      endedAt: part.end_date_time ? parseDateTime(part.end_date_time) : undefined,
      kwh: part.kwh,
      totalCost: part.total_cost,
      authorizationReference: part.authorization_reference,
      lastUpdated: parseDateTime(part.last_updated),
  };
  let outcome = await applyRoamingSession(deps, partner.id, sessionPush, log);
  // A session we authorized at the partner's reader (§12.2.2.2), reported for the first time.
  if (outcome === 'unknown' && whole && (await adopt(deps, partner, whole)))
    outcome = await applyRoamingSession(deps, partner.id, sessionPush, log);
  if (outcome === 'unknown') throw new LocationRefusal('unknownLocation', `no session ${push.sessionId}`);
}

/** Takes a partner's session started on our authorization into our sessions; false if it is not one. */
async function adopt(deps: ChargeDeps, partner: PartnerRow, session: OcpiSession): Promise<boolean> {
  if (!session.authorization_reference || session.auth_method === 'COMMAND') return false;
  const authorization = await authorizationByReference(
    deps.db,
    partner.id,
    session.authorization_reference,
  );
  if (!authorization || authorization.allowed !== 'ALLOWED') return false;
  const connectorId = await connectorOfOcpi(deps.db, {
    partnerId: partner.id,
    countryCode: session.country_code.toUpperCase(),
    partyId: session.party_id.toUpperCase(),
    locationId: session.location_id,
    evseUid: session.evse_uid,
    connectorId: session.connector_id,
  });
  if (!connectorId) return false;
  const adopted = await adoptRoamingSession(deps, partner.id, {
    userId: authorization.userId,
    rfidTagId: authorization.rfidTagId,
    connectorId,
    reference: session.authorization_reference,
    ocpiSessionId: session.id,
    startedAt: parseDateTime(session.start_date_time),
  });
  return adopted !== undefined;
}

export async function receiveCdr(
  deps: ChargeDeps,
  partner: PartnerRow,
  body: unknown,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<string> {
  const cdr = parse(cdrSchema, body);
  if (!isPartnersParty(partner, cdr.country_code, cdr.party_id))
    throw new LocationRefusal('notTheirs', `${cdr.country_code}*${cdr.party_id} is not the partner's`);
  const outcome = await billRoamingCdr(deps, partner.id, {
    id: cdr.id,
    sessionId: cdr.session_id,
    authorizationReference: cdr.authorization_reference,
    startedAt: parseDateTime(cdr.start_date_time),
    endedAt: parseDateTime(cdr.end_date_time),
    totalEnergyKwh: cdr.total_energy,
    totalTimeHours: cdr.total_time,
    totalParkingHours: cdr.total_parking_time ?? 0,
    totalCost: cdr.total_cost,
    energyCost: cdr.total_energy_cost,
    timeCost: cdr.total_time_cost,
    parkingCost: cdr.total_parking_cost,
    fixedCost: cdr.total_fixed_cost,
    reservationCost: cdr.total_reservation_cost,
  }, log);
  if (outcome === 'unknown') throw new LocationRefusal('unknownLocation', `no session for CDR ${cdr.id}`);
  return cdr.id;
}

export type SessionReceiverDeps = Deps;
