import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StartChargeBody } from '@evcharge/api/sessions/charge-schemas';
import type { ChargingProfile } from '@evcharge/domain/charging';
import { AppError } from '@evcharge/domain/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordChargeEvent } from './events';
import { clearStopRequest, insertSession, runningStatuses, updateSessionFrom, type SessionRow } from './repo';
import { completeReservation } from './hold-repo';
import { findRoamingSession, type RoamingSessionKey } from './roaming-repo';
import { driverMinorOf, finishRoaming, partnerMinorOf } from './roaming-bill';
import { adoptLateStart } from './roaming-adopt';
import { roamingTerms, type RoamingPlace } from './roaming-terms';
import { cancelPreparing, holdOrCancel, type ChargeDeps } from './start';
import { decideStart, paymentColumns, stationRule } from './start-rules';
import { superviseSession } from './supervise';

// SPEC §1 roaming: a session at another operator's station is ours as much as any (DESIGN.md:
// the sessions module owns a session whatever link carries it). It is started by the same rules
// and paid by the same money rules as a start at our own charge point (start-rules.ts: the
// driver's row locked, balance or card, debt, limits), reaches the partner's charge point
// through OCPI 2.2.1 commands (RoamingLink), follows the partner's session pushes on the same
// live screen, and is billed once from the partner's CDR (§10): its price plus our markup,
// converted into the wallet's currency at the rate taken at the start, through the ledger,
// with a receipt of the partner's items and our fee.

/**
 * PUT /charge at a partner's connector: the rules of a start, then START_SESSION. The session
 * waits as `preparing` until the partner's push says it is ACTIVE; a REJECTED or failed
 * command cancels it at no cost, now or when the result comes (roamingCommandResult).
 */
export async function startRoamingCharge(
  deps: ChargeDeps,
  userId: string,
  place: RoamingPlace,
  values: { limit: StartChargeBody['limit']; profile: ChargingProfile; carId: string | null },
): Promise<SessionRow> {
  const { refusal } = stationRule(place, userId, new Date());
  if (refusal) throw refusal;
  if (place.status === 'faulted' || place.status === 'unavailable')
    throw new AppError('COMMAND_REJECTED', { details: { reason: place.status } });
  const terms = await roamingTerms(deps, place, userId);
  const reference = randomUUID();
  let prepared: { session: SessionRow; card: { id: string; token: string } | undefined };
  try {
    prepared = await deps.db.transaction(async (tx) => {
      const decision = await decideStart(tx, deps.config, {
        userId,
        stationId: place.stationId,
        connectorId: place.connectorId,
        currency: terms.walletCurrency,
        // Priced in the wallet's currency already (roaming-price.ts): nothing to convert.
        rates: {},
        at: new Date(),
      });
      const session = await insertSession(tx, deps.brand, {
        userId,
        ...paymentColumns(decision),
        connectorId: place.connectorId,
        tariffId: null,
        currency: terms.walletCurrency,
        carId: values.carId,
        status: 'preparing',
        limitMode: values.limit.mode,
        limitValue:
          values.limit.mode === 'none' || values.limit.mode === 'full'
            ? null
            : (values.limit.value ?? null),
        profile: values.profile,
        idTag: null,
        startDeadlineAt: new Date(Date.now() + deps.config.charging.startTimeoutSeconds * 1000),
        roamingPartnerId: place.roamingPartnerId,
        ocpiAuthorizationReference: reference,
        partnerCurrency: terms.partnerCurrency,
        roamingMarkupPercent: terms.markupPercent,
        roamingRate: terms.rate,
      });
      return { session, card: decision.payment.card };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONNECTOR_BUSY');
    throw error;
  }
  const { session, card } = prepared;
  await holdOrCancel(deps, session, card);
  await recordChargeEvent(deps, session, 'status');
  const outcome = await deps.roamingLink.startSession({
    partnerId: place.roamingPartnerId,
    userId,
    locationId: place.ocpiLocationId,
    evseUid: place.ocpiEvseUid,
    connectorId: place.ocpiConnectorId,
    reference,
  });
  if (outcome.kind === 'failed') {
    await cancelPreparing(deps, session.id, outcome.reason === 'timeout' ? 'timeout' : 'rejected');
    if (outcome.reason === 'timeout') throw new AppError('START_TIMEOUT');
    // The partner asked for no calls for a while (HTTP 429): the driver is told how long.
    if (outcome.reason === 'busy')
      throw new AppError('COMMAND_REJECTED', {
        details: { reason: 'busy', retryAfterSeconds: outcome.retryAfterSeconds },
      });
    throw new AppError('COMMAND_REJECTED', {
      details: { reason: outcome.reason === 'unreadable' ? 'unreadable' : 'offline' },
    });
  }
  if (outcome.result !== 'ACCEPTED') {
    await cancelPreparing(deps, session.id, 'rejected');
    throw new AppError('COMMAND_REJECTED', { details: { reason: outcome.result } });
  }
  return session;
}

/**
 * The partner's CommandResult (§13.4.2): a START_SESSION it could not carry out cancels the
 * session at no cost; a STOP_SESSION it could not is unmarked, so the driver may ask again.
 */
export async function roamingCommandResult(
  deps: ChargeDeps,
  partnerId: string,
  command: 'START_SESSION' | 'STOP_SESSION',
  key: RoamingSessionKey,
  result: string,
): Promise<'applied' | 'unknown'> {
  const session = await findRoamingSession(deps.db, partnerId, key);
  if (!session) return 'unknown';
  if (result === 'ACCEPTED') return 'applied';
  if (command === 'START_SESSION')
    await cancelPreparing(deps, session.id, result === 'TIMEOUT' ? 'timeout' : 'rejected');
  else await clearStopRequest(deps.db, session.id);
  return 'applied';
}

/** A session push as the roaming module read it: a PATCH carries only what changed. */
export type RoamingSessionPush = {
  id: string;
  status?: 'ACTIVE' | 'COMPLETED' | 'INVALID' | 'PENDING' | 'RESERVATION';
  startedAt?: Date;
  endedAt?: Date | null;
  kwh?: number;
  totalCost?: { excl_vat: number; incl_vat?: number };
  authorizationReference?: string;
  lastUpdated: Date;
};

/** The OCPI status our session stands for, for a PATCH that does not say it. */
function statusOf(session: SessionRow): RoamingSessionPush['status'] {
  if (session.status === 'preparing') return 'PENDING';
  if (session.status === 'finishing') return 'COMPLETED';
  return 'ACTIVE';
}

/**
 * A session push of the partner (§9.2.2 PUT or PATCH, made whole by the roaming module):
 * the live figures of our session, in order of last_updated (an older push changes nothing,
 * a repeated one writes the same again). ACTIVE starts it, COMPLETED leaves it waiting for
 * the CDR, INVALID ends it at no cost. Limits and funds are watched as for our own charge
 * points (supervise.ts); a session we had cancelled that the partner started after all is
 * adopted and shown to the driver (roaming-adopt.ts).
 */
export async function applyRoamingSession(
  deps: ChargeDeps,
  partnerId: string,
  push: RoamingSessionPush,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<'applied' | 'unchanged' | 'unknown'> {
  const session = await findRoamingSession(deps.db, partnerId, {
    ocpiSessionId: push.id,
    reference: push.authorizationReference,
  });
  if (!session) return 'unknown';
  if (session.ocpiLastUpdated && push.lastUpdated < session.ocpiLastUpdated) return 'unchanged';
  if (session.status === 'success') return 'unchanged';
  const status = push.status ?? statusOf(session);
  if (session.status === 'cancelled') {
    // Not one the partner had already closed with a CDR we kept unbilled (roaming-bill.ts).
    if ((status !== 'ACTIVE' && status !== 'COMPLETED') || session.ocpiSessionId || session.ocpiCdrId)
      return 'unchanged';
    // Started after the app had told the driver it failed: adopted and shown (roaming-adopt.ts).
    const adopted = await adoptLateStart(deps, partnerId, session, { ocpiSessionId: push.id, startedAt: push.startedAt }, log);
    return adopted ? applyRoamingSession(deps, partnerId, push, log) : 'applied';
  }
  const energyWh = Math.max(session.energyWh, Math.round((push.kwh ?? 0) * 1000));
  const partnerMinor = push.totalCost ? partnerMinorOf(push.totalCost) : undefined;
  const figures = {
    ocpiSessionId: push.id,
    ocpiLastUpdated: push.lastUpdated,
    energyWh,
    ...(partnerMinor === undefined
      ? {}
      : { costMinor: driverMinorOf(session, partnerMinor), partnerCostInclVat: partnerMinor / 100 }),
    ...(energyWh > session.energyWh ? { lastEnergyAt: new Date() } : {}),
  };
  let moved: SessionRow | undefined;
  if (status === 'ACTIVE' || status === 'COMPLETED') {
    moved =
      (await updateSessionFrom(deps.db, session.id, ['preparing'], {
        ...figures,
        status: 'charging',
        startedAt: push.startedAt ?? new Date(),
        startDeadlineAt: null,
      })) ?? (await updateSessionFrom(deps.db, session.id, runningStatuses, figures));
    // The start used the driver's reservation of that EVSE (the partner matched its token).
    if (moved && session.status === 'preparing' && session.reservationId)
      await completeReservation(deps.db, session.reservationId, moved.startedAt ?? new Date());
    if (moved && status === 'COMPLETED')
      moved = await updateSessionFrom(deps.db, session.id, runningStatuses, {
        status: 'finishing',
        stoppedAt: push.endedAt ?? new Date(),
      });
    if (moved) {
      await recordChargeEvent(deps, moved, moved.status === session.status ? 'updated' : 'status', {
        sample: {
          at: new Date().toISOString(),
          energyWh: moved.energyWh,
          powerW: null,
          socPercent: null,
        },
      });
      if (moved.status !== 'finishing') await superviseSession(deps, moved, new Date(), log);
    }
  } else if (status === 'INVALID') {
    const cancelled = await cancelPreparing(deps, session.id, 'rejected');
    if (!cancelled) await finishRoaming(deps, session, { partnerMinor: 0, energyWh: session.energyWh, endedAt: push.endedAt ?? new Date(), cdrId: null, items: undefined });
    return 'applied';
  } else {
    moved = await updateSessionFrom(deps.db, session.id, ['preparing'], figures);
  }
  return moved ? 'applied' : 'unchanged';
}

/** STOP_SESSION for a marked roaming session (stop.ts sendStop); undefined: not a roaming one. */
export async function sendRoamingStop(
  deps: ChargeDeps,
  session: Pick<SessionRow, 'id' | 'roamingPartnerId' | 'ocpiSessionId'>,
): Promise<'accepted' | 'rejected' | { reason: 'timeout' | 'offline' } | undefined> {
  if (!session.roamingPartnerId) return undefined;
  if (!session.ocpiSessionId) {
    await clearStopRequest(deps.db, session.id);
    return 'rejected';
  }
  const outcome = await deps.roamingLink.stopSession({
    partnerId: session.roamingPartnerId,
    ocpiSessionId: session.ocpiSessionId,
    sessionId: session.id,
  });
  if (outcome.kind === 'answered' && outcome.result === 'ACCEPTED') return 'accepted';
  await clearStopRequest(deps.db, session.id);
  if (outcome.kind === 'failed')
    return { reason: outcome.reason === 'timeout' ? 'timeout' : 'offline' };
  return 'rejected';
}

