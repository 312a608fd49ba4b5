import { randomUUID } from 'node:crypto';
import {
  authorizationInfo,
  commandResponse,
  statusCodes,
  type CommandType,
} from '@evcharge/api/ocpi/types';
import type { RoamingAuthorization, RoamingCommandOutcome, RoamingLink } from '../sessions';
import { appTokenOf } from './tokens';
import { ocpiCall, OcpiCallError } from './client';
import { callTarget, endpointOf, versionDetailsUrlOf, type RoamingDeps } from './credentials';
import { findPartner } from './repo';

// OCPI 2.2.1 §13 Commands, eMSP side: START_SESSION, STOP_SESSION, RESERVE_NOW and
// CANCEL_RESERVATION to a partner's Commands RECEIVER for the sessions and reservations
// modules (RoamingLink). The partner answers at once with a
// CommandResponse and later POSTs the CommandResult to the response_url we give:
// /ocpi/2.2.1/emsp/commands/{command}/{our reference, session id or reservation id}.

export const commandResultUrl = (deps: Pick<RoamingDeps, 'config'>, command: CommandType, uid: string) =>
  `${versionDetailsUrlOf(deps)}/emsp/commands/${command}/${encodeURIComponent(uid)}`;

async function sendCommand(
  deps: RoamingDeps,
  partnerId: string,
  command: CommandType,
  body: Record<string, unknown>,
): Promise<RoamingCommandOutcome> {
  const partner = await findPartner(deps.db, partnerId);
  const url = partner && endpointOf(partner, 'commands', 'RECEIVER');
  if (!partner || partner.status !== 'registered' || !partner.outboundToken || !url)
    return { kind: 'failed', reason: 'unreachable' };
  try {
    const answer = await ocpiCall(callTarget(deps, partner.outboundToken, partner), {
      method: 'POST',
      url: `${url}/${command}`,
      body,
      data: commandResponse,
    });
    return { kind: 'answered', result: answer.result, timeoutSeconds: answer.timeout };
  } catch (error) {
    if (!(error instanceof OcpiCallError)) throw error;
    return {
      kind: 'failed',
      reason:
        error.failure === 'timeout' ? 'timeout' : error.failure === 'unreachable' ? 'unreachable' : 'refused',
    };
  }
}

/**
 * OCPI 2.2.1 §12.2.2.3, our side as CPO: POST {tokens SENDER}/{uid}/authorize?type= with the
 * Location the driver is at. A token the partner does not know (2004) is not allowed there.
 */
async function authorizeAtPartner(
  deps: RoamingDeps,
  request: Parameters<RoamingLink['authorizeToken']>[0],
): Promise<RoamingAuthorization> {
  const partner = await findPartner(deps.db, request.partnerId);
  const url = partner && endpointOf(partner, 'tokens', 'SENDER');
  if (!partner || partner.status !== 'registered' || !partner.outboundToken || !url)
    return { kind: 'failed' };
  try {
    const answer = await ocpiCall(callTarget(deps, partner.outboundToken, partner), {
      method: 'POST',
      url: `${url.replace(/\/$/, '')}/${encodeURIComponent(request.uid)}/authorize?type=${request.type}`,
      body: { location_id: request.locationId },
      data: authorizationInfo,
    });
    return {
      kind: 'answered',
      allowed: answer.allowed,
      ...(answer.authorization_reference
        ? { authorizationReference: answer.authorization_reference }
        : {}),
    };
  } catch (error) {
    if (!(error instanceof OcpiCallError)) throw error;
    if (error.statusCode === statusCodes.unknownToken) return { kind: 'answered', allowed: 'NOT_ALLOWED' };
    return { kind: 'failed' };
  }
}

/** The sessions module's way to partners' charge points. */
export function roamingLink(deps: () => RoamingDeps): RoamingLink {
  return {
    async startSession(request) {
      const d = deps();
      return sendCommand(d, request.partnerId, 'START_SESSION', {
        response_url: commandResultUrl(d, 'START_SESSION', request.reference),
        token: appTokenOf(d, request.userId),
        location_id: request.locationId,
        evse_uid: request.evseUid,
        connector_id: request.connectorId,
        authorization_reference: request.reference,
      });
    },
    async stopSession(request) {
      const d = deps();
      return sendCommand(d, request.partnerId, 'STOP_SESSION', {
        response_url: commandResultUrl(d, 'STOP_SESSION', `${request.sessionId}~${randomUUID().slice(0, 8)}`),
        session_id: request.ocpiSessionId,
      });
    },
    authorizeToken: (request) => authorizeAtPartner(deps(), request),
    async reserveNow(request) {
      const d = deps();
      return sendCommand(d, request.partnerId, 'RESERVE_NOW', {
        response_url: commandResultUrl(d, 'RESERVE_NOW', request.reservationId),
        token: appTokenOf(d, request.userId),
        expiry_date: request.expiresAt.toISOString(),
        reservation_id: request.reservationId,
        location_id: request.locationId,
        evse_uid: request.evseUid,
      });
    },
    async cancelReservation(request) {
      const d = deps();
      return sendCommand(d, request.partnerId, 'CANCEL_RESERVATION', {
        response_url: commandResultUrl(
          d,
          'CANCEL_RESERVATION',
          `${request.reservationId}~${randomUUID().slice(0, 8)}`,
        ),
        reservation_id: request.reservationId,
      });
    },
  };
}
