import { randomBytes } from 'node:crypto';
import type { OCPP16 } from 'typed-ocpp';
import type { Charge, StartChargeBody } from '@evcharge/api/sessions/charge-schemas';
import { profilePowerCapW, type ChargingProfile } from '@evcharge/domain/charging';
import { AppError } from '@evcharge/domain/errors';
import { paidMinor } from '@evcharge/domain/exchange';
import { cardHoldMinor } from '@evcharge/domain/payments';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ReportedStatus } from '../../db/schema/ocpp';
import type { Deps } from '../../deps';
import { holdForSession, releaseSessionHold } from '../payments';
import { isCommandFailure } from './charge-points-port';
import { userChargeRow } from './charge-row-repo';
import { toCharge } from './charge-view';
import { tariffOf } from './cost';
import { recordChargeEvent } from './events';
import { connectorPlace, findOwnCar, type ConnectorPlace } from './place-repo';
import { insertSession, stationTariffAt, updateSessionFrom, type SessionRow } from './repo';
import { loyaltyColumns, type LoyaltyColumns } from './session-loyalty';
import { decideStart, paymentColumns, sessionTariffId, stationRule } from './start-rules';
import { startRoamingCharge } from './roaming';
import { isRoamingPlace } from './roaming-terms';

export { paymentFor } from './start-rules';

// SPEC §7 PUT /charge; DESIGN.md "One request, end to end: start charging".

export type ChargeDeps = Pick<
  Deps,
  | 'db'
  | 'config'
  | 'chargePoints'
  | 'roamingLink'
  | 'chargeEvents'
  | 'metrics'
  | 'userEvents'
  | 'acquirer'
  | 'purchases'
  | 'brand'
>;

/** OCPP 1.6 has no EmergencyStop error code: charge points say it in info or vendorErrorCode. */
function isEmergency(report: ReportedStatus | undefined): boolean {
  return (
    report?.status === 'Faulted' &&
    (report.info === 'EmergencyStop' || report.vendorErrorCode === 'EmergencyStop')
  );
}

/**
 * Why a connector cannot take the driver's start now: the station's rule (start-rules.ts
 * stationRule: a private station hidden from them, or closed at `now`), or what its charge
 * point last said.
 */
export function refusalOf(
  place: ConnectorPlace,
  userId: string,
  isOnline: boolean,
  now: Date = new Date(),
): AppError | undefined {
  const { refusal } = stationRule(place, userId, now);
  if (refusal) return refusal;
  const reports = place.reportedStatuses ?? {};
  if (isEmergency(reports['0']) || isEmergency(reports[String(place.number)]))
    return new AppError('EMERGENCY_STOP');
  if (!place.chargePointId || !isOnline)
    return new AppError('COMMAND_REJECTED', { details: { reason: 'offline' } });
  if (place.status === 'faulted' || place.status === 'unavailable')
    return new AppError('COMMAND_REJECTED', { details: { reason: place.status } });
  return undefined;
}

/** A socket here, or (with the command relay) one another instance holds. */
export function isReachable(
  deps: Pick<ChargeDeps, 'chargePoints'>,
  chargePointId: string | null,
  connectedAt: Date | null,
): boolean {
  if (!chargePointId) return false;
  if (deps.chargePoints.isConnected(chargePointId)) return true;
  return deps.chargePoints.relaysCommands() && connectedAt !== null;
}

/**
 * A station that exists for the driver at `at`: public, their own private one, or another's
 * while it is shared (start-rules.ts stationRule, domain/private-station.ts).
 */
export function isVisibleTo(place: ConnectorPlace, userId: string, at: Date = new Date()) {
  return stationRule(place, userId, at).access !== 'hidden';
}

/** OCPP idTag (CiString20) of a start from the app: the charge point echoes it back. */
export function appIdTag(): string {
  return `APP${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 20);
}

/** A TxProfile capping the power at the profile's limit (OCPP 1.6 §3.13). */
export function txProfile(capW: number): OCPP16.RemoteStartTransactionRequest['chargingProfile'] {
  return {
    chargingProfileId: 1,
    stackLevel: 0,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: 'W',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: capW }],
    },
  };
}

async function carOf(db: Db, userId: string, carId: string | null | undefined) {
  if (!carId) return null;
  const car = await findOwnCar(db, userId, carId);
  if (!car)
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'carId', rule: rule.invalid }] });
  return car.id;
}

/**
 * Checks the driver may charge and inserts the `preparing` session, in one transaction with
 * the driver's row locked; the partial unique index refuses a second open session on the
 * connector whatever the timing.
 */
async function prepareSession(
  deps: ChargeDeps,
  userId: string,
  place: ConnectorPlace,
  values: {
    tariffId: string;
    currency: Charge['currency'];
    limit: StartChargeBody['limit'];
    profile: ChargingProfile;
    carId: string | null;
    idTag: string;
    loyalty: LoyaltyColumns;
  },
) {
  const { db, config } = deps;
  try {
    return await db.transaction(async (tx) => {
      const decision = await decideStart(tx, config, {
        userId,
        stationId: place.stationId,
        connectorId: place.connectorId,
        currency: values.currency,
        rates: deps.brand.roaming.rates,
        at: new Date(),
      });
      // Kept in the currency it is paid in (payment-rule.ts), its cost converted when the
      // wallet pays a station priced in another.
      const session = await insertSession(tx, deps.brand, {
        userId,
        ...paymentColumns(decision),
        connectorId: place.connectorId,
        tariffId: sessionTariffId(decision.access, values.tariffId, values.currency),
        carId: values.carId,
        ...values.loyalty,
        status: 'preparing',
        limitMode: values.limit.mode,
        limitValue:
          values.limit.mode === 'none' || values.limit.mode === 'full'
            ? null
            : values.limit.mode === 'cost' && values.limit.value != null
              ? // Typed in the station's prices; the session counts in what it is paid in.
                paidMinor(values.limit.value, decision.payment.exchange)
              : (values.limit.value ?? null),
        profile: values.profile,
        // On the driver's reservation the charge point holds the connector for its idTag.
        idTag: decision.reservation?.idTag ?? values.idTag,
        startDeadlineAt: new Date(Date.now() + config.charging.startTimeoutSeconds * 1000),
      });
      return { session, card: decision.payment.card };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONNECTOR_BUSY');
    throw error;
  }
}

/** Ends a start that did not happen: no energy, no cost, nothing posted. */
export async function cancelPreparing(deps: ChargeDeps, sessionId: string, reason: string) {
  const cancelled = await updateSessionFrom(deps.db, sessionId, ['preparing'], {
    status: 'cancelled',
    serverStopReason: reason,
    stoppedAt: new Date(),
  });
  // A card held for it is let go (the sweep tries again if the acquirer does not answer).
  if (cancelled?.paymentMethod === 'card') await releaseSessionHold(deps, cancelled.id);
  if (cancelled) {
    deps.metrics.chargeSessionsEnded.inc({ outcome: 'cancelled' });
    await recordChargeEvent(deps, cancelled, 'cancelled', { reason });
  }
  return cancelled;
}

/**
 * A start paid by card: the card is held for the session before the charge point is asked; a
 * declined hold cancels the `preparing` session (no charge) and is the start's answer.
 */
export async function holdOrCancel(
  deps: ChargeDeps,
  session: SessionRow,
  card: { id: string; token: string } | undefined,
): Promise<void> {
  if (!card) return;
  try {
    await holdForSession(deps, session, card, cardHoldMinor(session.currency));
  } catch (error) {
    await cancelPreparing(deps, session.id, 'payment');
    throw error;
  }
}

export async function startCharge(
  deps: ChargeDeps,
  userId: string,
  body: {
    connectorId: string;
    limit: StartChargeBody['limit'];
    profile: ChargingProfile;
    carId?: string | null;
    loyaltyCardId?: string | null;
  },
): Promise<Charge> {
  const { db } = deps;
  const place = await connectorPlace(db, body.connectorId);
  if (!place) throw new AppError('STATION_NOT_FOUND');
  // Another operator's charge point, reached through roaming (roaming.ts).
  if (isRoamingPlace(place)) {
    const session = await startRoamingCharge(deps, userId, place, {
      limit: body.limit,
      profile: body.profile,
      carId: await carOf(db, userId, body.carId),
    });
    const row = await userChargeRow(db, userId, session.transactionId);
    if (!row) throw new Error('started session vanished');
    return toCharge(db, row);
  }
  const isOnline = isReachable(deps, place.chargePointId, place.chargePointConnectedAt);
  const refusal = refusalOf(place, userId, isOnline);
  if (refusal) throw refusal;
  const chargePointId = place.chargePointId as string;
  const carId = await carOf(db, userId, body.carId);
  // Free energy on the owner's own station earns no programme's discount or points.
  const isOwn = stationRule(place, userId, new Date()).access === 'owner';
  const loyalty = isOwn
    ? { loyaltyCardId: null, loyalty: null }
    : await loyaltyColumns(db, userId, place, body.loyaltyCardId);
  const tariffId = await stationTariffAt(db, place.stationId, new Date());
  if (!tariffId) throw new AppError('COMMAND_REJECTED', { details: { reason: 'noTariff' } });
  const { tariff } = await tariffOf(db, tariffId);
  const idTag = appIdTag();
  const { session, card } = await prepareSession(deps, userId, place, {
    tariffId,
    currency: tariff.currency,
    limit: body.limit,
    profile: body.profile,
    carId,
    idTag,
    loyalty,
  });
  await holdOrCancel(deps, session, card);
  await recordChargeEvent(deps, session, 'status');

  const capW = profilePowerCapW(body.profile, place);
  let answer: OCPP16.RemoteStartTransactionResponse;
  try {
    answer = await deps.chargePoints.remoteStartTransaction(chargePointId, {
      connectorId: place.number,
      idTag: session.idTag ?? idTag,
      ...(capW === undefined ? {} : { chargingProfile: txProfile(capW) }),
    });
  } catch (error) {
    if (!isCommandFailure(error)) throw error;
    const isTimeout = error.reason === 'timeout';
    await cancelPreparing(deps, session.id, isTimeout ? 'timeout' : 'rejected');
    throw isTimeout
      ? new AppError('START_TIMEOUT')
      : new AppError('COMMAND_REJECTED', { details: { reason: error.reason } });
  }
  if (answer.status !== 'Accepted') {
    await cancelPreparing(deps, session.id, 'rejected');
    throw new AppError('COMMAND_REJECTED');
  }
  const row = await userChargeRow(db, userId, session.transactionId);
  if (!row) throw new Error('started session vanished');
  return toCharge(db, row);
}
