import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cancelReservation,
  commandResponse,
  commandResult,
  commandTypes,
  ocpiDateTime,
  parseDateTime,
  reserveNow,
  startSession as startSessionSchema,
  stopSession as stopSessionSchema,
  unlockConnector,
  type CommandResponseType,
  type CommandResultType,
  type CommandType,
  type OcpiToken,
} from '@evcharge/api/ocpi/types';
import { callOcpi, OcpiCallError } from './client';
import { cpoBase, type PeerDeps } from './context';
import { partyOf } from './credentials';
import { callerOf, parseInput, send } from './http';
import { changeEvseStatus, findEvse } from './network';
import type { Pusher } from './pushes';
import { startSession, stopSession, type SessionSettings } from './sessions';

// Commands RECEIVER at the peer's CPO side (OCPI 2.2.1 §13.2.1): each command is answered at
// once with a CommandResponse (§13.4.2) and its outcome POSTed later as a CommandResult
// (§13.4.3) to the response_url the eMSP gave. Tests choose either answer per command type,
// or no result at all so the eMSP's wait runs out.

export type CommandBehaviour = {
  /** Forces the CommandResponse (default: what the peer's state says, mostly ACCEPTED). */
  response: Partial<Record<CommandType, CommandResponseType>>;
  /** Forces the CommandResult; 'NONE' sends none. Anything but ACCEPTED leaves the state alone. */
  result: Partial<Record<CommandType, CommandResultType | 'NONE'>>;
  /** CommandResponse.timeout: how long the eMSP should wait for the result, in seconds. */
  timeoutSeconds: number;
};

export type CommandsDeps = {
  deps: PeerDeps;
  pusher: Pusher;
  behaviour: CommandBehaviour;
  sessionSettings: SessionSettings;
  /** Runs work after the answer went out; peer.idle() waits for it. */
  later(work: () => Promise<void>): void;
};

type Plan = {
  response: CommandResponseType;
  outcome?: () => { result: CommandResultType; act?: () => Promise<unknown> };
};

export const bodySchemas = {
  START_SESSION: startSessionSchema,
  STOP_SESSION: stopSessionSchema,
  RESERVE_NOW: reserveNow,
  CANCEL_RESERVATION: cancelReservation,
  UNLOCK_CONNECTOR: unlockConnector,
} as const;

/** §13.4.3: EVSE_OCCUPIED or EVSE_INOPERATIVE when the EVSE cannot take the command. */
function blockedBy(
  status: string,
  token?: OcpiToken,
  reservedFor?: OcpiToken,
): CommandResultType | undefined {
  if (status === 'AVAILABLE') return undefined;
  if (status === 'RESERVED' && token && reservedFor?.uid === token.uid) return undefined;
  return ['OUTOFORDER', 'INOPERATIVE', 'REMOVED', 'PLANNED', 'UNKNOWN'].includes(status)
    ? 'EVSE_INOPERATIVE'
    : 'EVSE_OCCUPIED';
}

function plan(c: CommandsDeps, command: CommandType, body: unknown): Plan {
  const { deps, pusher } = c;
  const { store } = deps;
  const reservationAt = (locationId: string, evseUid: string) =>
    [...store.reservations.values()].find(
      (r) => r.locationId === locationId && r.evseUid === evseUid,
    );
  const pickEvse = (locationId: string, evseUid?: string) =>
    evseUid ??
    store.locations.get(locationId)?.evses?.find((e) => e.status === 'AVAILABLE')?.uid ??
    store.locations.get(locationId)?.evses?.[0]?.uid;

  switch (command) {
    case 'START_SESSION': {
      const start = body as z.infer<typeof startSessionSchema>;
      const evseUid = pickEvse(start.location_id, start.evse_uid);
      const found = evseUid ? findEvse(deps, start.location_id, evseUid) : undefined;
      if (!found || !evseUid) return { response: 'REJECTED' };
      return {
        response: 'ACCEPTED',
        outcome: () => {
          const reservation = reservationAt(start.location_id, evseUid);
          const current = findEvse(deps, start.location_id, evseUid)!.evse.status;
          const blocked = blockedBy(current, start.token, reservation?.token);
          if (blocked) return { result: blocked };
          return {
            result: 'ACCEPTED',
            act: async () => {
              if (reservation) store.reservations.delete(reservation.id);
              const { country_code, party_id, uid, type, contract_id } = start.token;
              await startSession(
                deps,
                pusher,
                {
                  cdrToken: { country_code, party_id, uid, type, contract_id },
                  locationId: start.location_id,
                  evseUid,
                  ...(start.connector_id ? { connectorId: start.connector_id } : {}),
                  authMethod: 'COMMAND',
                  ...(start.authorization_reference
                    ? { authorizationReference: start.authorization_reference }
                    : {}),
                },
                c.sessionSettings,
              );
            },
          };
        },
      };
    }
    case 'STOP_SESSION': {
      const { session_id } = body as z.infer<typeof stopSessionSchema>;
      if (!store.liveSessions.has(session_id)) return { response: 'UNKNOWN_SESSION' };
      return {
        response: 'ACCEPTED',
        outcome: () =>
          store.liveSessions.has(session_id)
            ? { result: 'ACCEPTED', act: () => stopSession(deps, pusher, session_id) }
            : { result: 'FAILED' },
      };
    }
    case 'RESERVE_NOW': {
      const reserve = body as z.infer<typeof reserveNow>;
      const evseUid = pickEvse(reserve.location_id, reserve.evse_uid);
      if (!evseUid || !findEvse(deps, reserve.location_id, evseUid))
        return { response: 'REJECTED' };
      return {
        response: 'ACCEPTED',
        outcome: () => {
          const existing = store.reservations.get(reserve.reservation_id);
          const current = findEvse(deps, reserve.location_id, evseUid)!.evse.status;
          // §13.3.3: a RESERVE_NOW with a known reservation_id replaces that reservation.
          const blocked = existing?.evseUid === evseUid ? undefined : blockedBy(current);
          if (blocked) return { result: blocked };
          return {
            result: 'ACCEPTED',
            act: async () => {
              store.reservations.set(reserve.reservation_id, {
                id: reserve.reservation_id,
                locationId: reserve.location_id,
                evseUid,
                token: reserve.token,
                expiresAt: parseDateTime(reserve.expiry_date),
              });
              if (current !== 'RESERVED')
                await changeEvseStatus(deps, pusher, reserve.location_id, evseUid, 'RESERVED');
            },
          };
        },
      };
    }
    case 'CANCEL_RESERVATION': {
      const { reservation_id } = body as z.infer<typeof cancelReservation>;
      return {
        response: 'ACCEPTED',
        outcome: () => {
          const reservation = store.reservations.get(reservation_id);
          if (!reservation) return { result: 'UNKNOWN_RESERVATION' };
          return { result: 'ACCEPTED', act: () => releaseReservation(c, reservation_id) };
        },
      };
    }
    case 'UNLOCK_CONNECTOR': {
      const unlock = body as z.infer<typeof unlockConnector>;
      const found = findEvse(deps, unlock.location_id, unlock.evse_uid);
      if (!found?.evse.connectors.some((x) => x.id === unlock.connector_id))
        return { response: 'REJECTED' };
      return { response: 'ACCEPTED', outcome: () => ({ result: 'ACCEPTED' }) };
    }
  }
}

export async function releaseReservation(
  c: Pick<CommandsDeps, 'deps' | 'pusher'>,
  reservationId: string,
) {
  const reservation = c.deps.store.reservations.get(reservationId);
  if (!reservation) return;
  c.deps.store.reservations.delete(reservationId);
  const found = findEvse(c.deps, reservation.locationId, reservation.evseUid);
  if (found?.evse.status === 'RESERVED')
    await changeEvseStatus(
      c.deps,
      c.pusher,
      reservation.locationId,
      reservation.evseUid,
      'AVAILABLE',
    );
}

/** Reservations whose expiry_date passed end (§13.3.3), the EVSE free again. */
export async function expireReservations(c: Pick<CommandsDeps, 'deps' | 'pusher'>) {
  const now = c.deps.now().getTime();
  for (const reservation of [...c.deps.store.reservations.values()])
    if (reservation.expiresAt.getTime() <= now) await releaseReservation(c, reservation.id);
}

async function postResult(c: CommandsDeps, responseUrl: string, result: CommandResultType) {
  const { deps } = c;
  const partner = deps.store.partner;
  if (!partner) return;
  const entry = {
    method: 'POST',
    url: responseUrl,
    body: { result },
    at: ocpiDateTime(deps.now()),
  };
  try {
    const answer = await callOcpi(deps, {
      method: 'POST',
      url: responseUrl,
      token: partner.tokenToCallThem,
      to: partyOf(partner, 'EMSP'),
      body: { schema: commandResult, value: { result } },
    });
    deps.pushLog.push({
      ...entry,
      status: answer.httpStatus,
      ocpiStatus: answer.envelope.status_code,
    });
  } catch (error) {
    if (!(error instanceof OcpiCallError)) throw error;
    deps.pushLog.push({
      ...entry,
      status: error.httpStatus,
      ...(error.ocpiStatus === undefined ? {} : { ocpiStatus: error.ocpiStatus }),
    });
  }
}

export function commandRoutes(app: FastifyInstance, c: CommandsDeps) {
  const { deps } = c;
  app.post(`${cpoBase}/commands/:command`, async (request: FastifyRequest, reply) => {
    callerOf(deps, request);
    const { command } = parseInput(
      z.object({ command: z.enum(commandTypes) }),
      request.params,
      'command',
    );
    const body = parseInput(bodySchemas[command], request.body, command);
    const natural = plan(c, command, body);
    const response = c.behaviour.response[command] ?? natural.response;
    const forced = c.behaviour.result[command];
    // §13.2.1: the result follows the response, after the answer went out.
    if (response === 'ACCEPTED' && forced !== 'NONE')
      reply.raw.once('finish', () =>
        c.later(async () => {
          const outcome = natural.outcome?.() ?? { result: 'REJECTED' as const };
          const result = forced ?? outcome.result;
          await postResult(c, body.response_url, result);
          if (result === 'ACCEPTED' && outcome.result === 'ACCEPTED') await outcome.act?.();
        }),
      );
    // faults.omitCommandTimeout: a partner that leaves out the required timeout (§13.3.2).
    if (deps.faults.omitCommandTimeout)
      return send(deps, reply, commandResponse.omit({ timeout: true }), { result: response });
    return send(deps, reply, commandResponse, {
      result: response,
      timeout: c.behaviour.timeoutSeconds,
    });
  });
}
