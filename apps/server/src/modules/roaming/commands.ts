import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
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
import { findPartner, type PartnerRow } from './repo';

// OCPI 2.2.1 §13 Commands, eMSP side: START_SESSION, STOP_SESSION, RESERVE_NOW and
// CANCEL_RESERVATION to a partner's Commands RECEIVER for the sessions and reservations
// modules (RoamingLink). The partner answers at once with a
// CommandResponse and later POSTs the CommandResult to the response_url we give:
// /ocpi/2.2.1/emsp/commands/{command}/{our reference, session id or reservation id}.

export const commandResultUrl = (deps: Pick<RoamingDeps, 'config'>, command: CommandType, uid: string) =>
  `${versionDetailsUrlOf(deps)}/emsp/commands/${command}/${encodeURIComponent(uid)}`;

/** Where a command's failures and the partner's slips are written (the app's logger). */
export type CommandLog = Pick<FastifyBaseLogger, 'warn'>;
const silentLog: CommandLog = { warn: () => undefined };

/** The most of a partner's Retry-After we honour: a longer one would shut the partner out. */
export const MAX_RETRY_AFTER_SECONDS = 3600;
/** A 429 without a readable Retry-After (RFC 9110 §15.5.30 makes it optional) holds this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * A roaming link's memory: per partner id, the time (ms) before which no call goes out, after
 * the partner answered HTTP 429 with Retry-After. In memory, per app instance.
 */
type LinkState = { log: CommandLog; busyUntil: Map<string, number> };

/**
 * What we accept as a CommandResponse (§13.3.2): the standard's object, but a missing `timeout`
 * is read as our own wait for the result (the rest must be valid). What we send stays strict.
 */
const receivedCommandResponse = commandResponse.extend({
  timeout: commandResponse.shape.timeout.optional(),
});

const partnerOf = (partner: PartnerRow) => ({
  partnerId: partner.id,
  partner: `${partner.name} (${partner.countryCode ?? '?'}*${partner.partyId ?? '?'})`,
});

/** The seconds still to wait before calling `partner`, or undefined when calls may go out. */
function busyFor(link: LinkState, partnerId: string, now = Date.now()): number | undefined {
  const until = link.busyUntil.get(partnerId);
  if (until === undefined) return undefined;
  if (until <= now) {
    link.busyUntil.delete(partnerId);
    return undefined;
  }
  return Math.ceil((until - now) / 1000);
}

/** Remembers a 429's Retry-After (capped) for every later call to `partner`; the seconds held. */
function holdCalls(link: LinkState, partner: PartnerRow, error: OcpiCallError, command?: string): number {
  const asked = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  const held = Math.min(asked, MAX_RETRY_AFTER_SECONDS);
  if (held > 0) link.busyUntil.set(partner.id, Date.now() + held * 1000);
  link.log.warn(
    {
      ...partnerOf(partner),
      ...(command ? { command } : {}),
      reason: 'busy',
      retryAfterSeconds: error.retryAfterSeconds ?? null,
      heldSeconds: held,
    },
    asked > MAX_RETRY_AFTER_SECONDS
      ? `OCPI partner answered HTTP 429: its Retry-After of ${asked} s is capped, no calls to it for ${held} s`
      : `OCPI partner answered HTTP 429: no calls to it for ${held} s (Retry-After)`,
  );
  return held;
}

async function sendCommand(
  deps: RoamingDeps,
  link: LinkState,
  partnerId: string,
  command: CommandType,
  body: Record<string, unknown>,
): Promise<RoamingCommandOutcome> {
  const partner = await findPartner(deps.db, partnerId);
  const url = partner && endpointOf(partner, 'commands', 'RECEIVER');
  if (!partner || partner.status !== 'registered' || !partner.outboundToken || !url) {
    link.log.warn(
      { partnerId, command, reason: 'unreachable' },
      'OCPI command not sent: the partner is not registered or has no Commands RECEIVER',
    );
    return { kind: 'failed', reason: 'unreachable' };
  }
  const wait = busyFor(link, partner.id);
  if (wait !== undefined) {
    link.log.warn(
      { ...partnerOf(partner), command, reason: 'busy', retryAfterSeconds: wait },
      `OCPI command not sent: the partner asked us to wait ${wait} s more (HTTP 429 Retry-After)`,
    );
    return { kind: 'failed', reason: 'busy', retryAfterSeconds: wait };
  }
  try {
    const answer = await ocpiCall(callTarget(deps, partner.outboundToken, partner), {
      method: 'POST',
      url: `${url}/${command}`,
      body,
      data: receivedCommandResponse,
    });
    const timeoutSeconds = answer.timeout ?? deps.config.charging.startTimeoutSeconds;
    if (answer.timeout === undefined)
      link.log.warn(
        { ...partnerOf(partner), command, result: answer.result, timeoutSeconds },
        `OCPI partner's CommandResponse had no timeout: waiting our own ${timeoutSeconds} s for the result`,
      );
    return { kind: 'answered', result: answer.result, timeoutSeconds };
  } catch (error) {
    if (!(error instanceof OcpiCallError)) throw error;
    if (error.failure === 'busy') {
      const held = holdCalls(link, partner, error, command);
      return { kind: 'failed', reason: 'busy', retryAfterSeconds: held };
    }
    const reason =
      error.failure === 'timeout' || error.failure === 'unreachable' || error.failure === 'unreadable'
        ? error.failure
        : 'refused';
    link.log.warn(
      { ...partnerOf(partner), command, reason, httpStatus: error.httpStatus, statusCode: error.statusCode },
      reason === 'unreadable'
        ? `OCPI command's answer could not be read (cut off or not JSON): ${error.message}`
        : `OCPI command failed (${reason}): ${error.message}`,
    );
    return { kind: 'failed', reason };
  }
}

/**
 * OCPI 2.2.1 §12.2.2.3, our side as CPO: POST {tokens SENDER}/{uid}/authorize?type= with the
 * Location the driver is at. A token the partner does not know (2004) is not allowed there.
 */
async function authorizeAtPartner(
  deps: RoamingDeps,
  link: LinkState,
  request: Parameters<RoamingLink['authorizeToken']>[0],
): Promise<RoamingAuthorization> {
  const partner = await findPartner(deps.db, request.partnerId);
  const url = partner && endpointOf(partner, 'tokens', 'SENDER');
  if (!partner || partner.status !== 'registered' || !partner.outboundToken || !url)
    return { kind: 'failed' };
  if (busyFor(link, partner.id) !== undefined) return { kind: 'failed' };
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
    if (error.failure === 'busy') holdCalls(link, partner, error);
    else
      link.log.warn(
        { ...partnerOf(partner), reason: error.failure },
        `OCPI authorization failed: ${error.message}`,
      );
    return { kind: 'failed' };
  }
}

/**
 * The sessions module's way to partners' charge points; `log` (the app's logger) gets a line
 * for every command that failed and for a partner's CommandResponse without its timeout.
 */
export function roamingLink(deps: () => RoamingDeps, log: CommandLog = silentLog): RoamingLink {
  const link: LinkState = { log, busyUntil: new Map() };
  return {
    async startSession(request) {
      const d = deps();
      return sendCommand(d, link, request.partnerId, 'START_SESSION', {
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
      return sendCommand(d, link, request.partnerId, 'STOP_SESSION', {
        response_url: commandResultUrl(d, 'STOP_SESSION', `${request.sessionId}~${randomUUID().slice(0, 8)}`),
        session_id: request.ocpiSessionId,
      });
    },
    authorizeToken: (request) => authorizeAtPartner(deps(), link, request),
    async reserveNow(request) {
      const d = deps();
      return sendCommand(d, link, request.partnerId, 'RESERVE_NOW', {
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
      return sendCommand(d, link, request.partnerId, 'CANCEL_RESERVATION', {
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
