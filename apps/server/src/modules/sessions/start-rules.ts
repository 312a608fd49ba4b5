import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { ExchangeRates } from '@evcharge/domain/exchange';
import type { StationLabel } from '@evcharge/domain/connector-status';
import {
  sharedTagExpiry,
  stationAccess,
  type StationAccess,
  type StationAccessFacts,
} from '@evcharge/domain/private-station';
import { stationOpenState, type Schedule } from '@evcharge/domain/station-hours';
import { ownElectricityTariffIds } from '../../db/schema/stations';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { openSessionCount, payerForProfile, walletBalanceMinor, type Payer } from '../ledger';
import { paymentFor, type PartnerPayment, type StartPayment } from './payment-rule';
import { lockStarter, stationFacts } from './place-repo';
import { holdingReservation, lockConnector } from './hold-repo';
import { isTagInOpenSession } from './repo';
import { isPartnerTokenInOpenSession } from './partner-driver-repo';

// The one place that decides whether a driver may start a session and how it is paid, for a
// start from the app (PUT /charge) and for an RFID tag at the station (OCPP Authorize and
// StartTransaction) alike: SPEC §8 'Unpaid orders or debt block continuing', the minimum
// balance or a card hold, the corporate payer (SPEC §6), the simultaneous-sessions limit, and
// the station's hours (SPEC §3 schedule), its label (SPEC §4: not working, under repair,
// opening soon) and its charge point's own word that a connector is unavailable, and who may
// use a private station when (SPEC §1, domain/private-station.ts): its owner always and for
// free, others while it is shared.

/**
 * SPEC §4 station labels: a station the operator marked not working, under repair or opening
 * soon takes no start, whoever asks and however (the app, a reservation, a tag at the reader,
 * a roaming partner's driver); the refusal names the label.
 */
export function labelRefusal(state: StationLabel): AppError | undefined {
  switch (state) {
    case 'notWorking':
      return new AppError('STATION_NOT_WORKING');
    case 'underRepair':
      return new AppError('STATION_UNDER_REPAIR');
    case 'openingSoon':
      return new AppError('STATION_OPENING_SOON');
    default:
      return undefined;
  }
}

/**
 * SPEC §3 schedule: outside its hours a station takes no start, whoever asks (the app or a tag
 * at the charge point); the refusal says when it opens, in the station's local time.
 */
export function closedRefusal(
  schedule: Schedule,
  utcOffsetMinutes: number,
  at: Date,
): AppError | undefined {
  const state = stationOpenState(schedule, at, utcOffsetMinutes);
  if (state.isOpen) return undefined;
  const opens = state.opensAt;
  return new AppError('STATION_CLOSED', {
    details: opens
      ? { opensAt: opens.time, opensDay: opens.day, opensAtUtc: opens.at.toISOString() }
      : {},
  });
}

/**
 * Whether the station's charge point itself last reported Unavailable (OCPP 1.6 §4.9; an
 * operator's ChangeAvailability Inoperative, §5.2) for the connector, or for itself
 * (connectorId 0): it takes no start there, from a tag either. Its own words only: the
 * 'unavailable' a connector shows while its charge point is offline is ours.
 */
export function isReportedUnavailable(
  reported: Record<string, { status: string }> | null,
  connectorNumber: number | null,
): boolean {
  if (!reported) return false;
  const keys = connectorNumber === null ? ['0'] : ['0', String(connectorNumber)];
  return keys.some((key) => reported[key]?.status === 'Unavailable');
}

/**
 * What the station's own rule needs: its hours, its label (the operator's `state`), and a
 * private station's owner and sharing.
 */
export type StationRuleFacts = StationAccessFacts & { schedule: Schedule; state: StationLabel };

/**
 * The station's rule for a driver at `at`, for every way in (a start, the plan, a
 * reservation, a tag): a private station others may not use now is 'Station not found' (it
 * does not exist for them then); a station with a label other than works refuses (SPEC §4); a
 * public one refuses while closed; a private station's hours are its owner's sharing, so its
 * owner may always start and others only while it is shared.
 */
export function stationRule(
  station: StationRuleFacts,
  userId: string,
  at: Date,
): { access: StationAccess; refusal: AppError | undefined } {
  const access = stationAccess(station, userId, at);
  if (access === 'hidden') return { access, refusal: new AppError('STATION_NOT_FOUND') };
  const label = labelRefusal(station.state);
  if (label) return { access, refusal: label };
  if (access === 'public')
    return { access, refusal: closedRefusal(station.schedule, station.utcOffsetMinutes, at) };
  return { access, refusal: undefined };
}

/**
 * Another driver's session on a private station earns its owner (finish.ts): the owner to
 * credit, or null (a public station, or the owner's own session).
 */
export function earningOwnerOf(station: StationRuleFacts, access: StationAccess): string | null {
  return station.isPrivate && access !== 'owner' ? station.ownerUserId : null;
}

/**
 * The tariff a session is priced by: the station's, except on the driver's own private
 * station, where it is their own electricity and costs nothing.
 */
export function sessionTariffId(
  access: StationAccess,
  stationTariffId: string,
  currency: Charge['currency'],
): string {
  return access === 'owner' ? ownElectricityTariffIds[currency] : stationTariffId;
}

export { paymentFor, type PartnerPayment, type StartPayment };

/** A session's or reservation's columns of its exchange (payment-rule.ts): none, or the rate. */
export function exchangeColumns(exchange: StartPayment['exchange']) {
  return { priceCurrency: exchange?.from ?? null, exchangeRate: exchange?.rate ?? null };
}

export type StartRequest = {
  userId: string;
  /** Where the session starts: rules of the station (its hours) apply to every way in. */
  stationId: string;
  /**
   * The connector: a reservation that holds it lets only its driver start (SPEC §3). Authorize
   * names none (OCPP 1.6 §4.1): the charge point keeps a reserved connector for its idTag, and
   * the StartTransaction that follows is decided with its connector.
   */
  connectorId: string | undefined;
  /** The currency the station prices in (its tariff's, or the wallet's at a partner's). */
  currency: Charge['currency'];
  /** The brand's rates: a wallet of another currency pays at them (payment-rule.ts). */
  rates: ExchangeRates;
  at: Date;
  /** A start by an RFID tag: the tag must not be in another open session. */
  rfidTagId?: string;
  /**
   * A roaming partner's driver with the partner's token (partner-driver.ts): `userId` is the
   * partner's account, the partner pays, and the token must not be in another open session.
   */
  partner?: { partnerId: string; uid: string };
};

export type PaymentDecision = { payer: Payer; payment: StartPayment };

export type StartDecision = {
  payer: Payer;
  payment: StartPayment | PartnerPayment;
  /** The driver's own reservation holding the connector: the session consumes it. */
  reservation: { id: string; idTag: string } | undefined;
  /** Who the driver is to the station (stationRule): its owner's sessions cost nothing. */
  access: StationAccess;
  /** Another driver's private station: its owner earns the session (finish.ts). */
  stationOwnerId: string | null;
  /** A shared private station: until when a charge point may trust the driver's tag alone. */
  trustedUntil: Date | null;
};

/**
 * Whether the driver may spend and how, inside the caller's transaction: the driver's row is
 * locked first, so the checks of one driver's starts and reservations run one after another
 * and hold under concurrency (a check outside the transaction would be a race). A reservation
 * is paid by the same rules as a start. Throws the refusal as an AppError.
 */
export async function decidePayment(
  tx: Db,
  userId: string,
  currency: Charge['currency'],
  rates: ExchangeRates,
  access: StationAccess = 'public',
): Promise<PaymentDecision> {
  const user = await lockStarter(tx, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.isBlocked || user.deletedAt !== null) throw new AppError('ACCOUNT_BLOCKED');
  // The owner's own electricity is nobody's to pay: not the company's either.
  const payer: Payer =
    access === 'owner' ? { kind: 'user_wallet', userId } : payerForProfile(userId, user);
  // The driver's own wallet: its currency came with the locked row.
  const known = payer.kind === 'user_wallet' ? user.currency : undefined;
  const payment = await paymentFor(tx, userId, payer, currency, rates, access, known);
  if ('refusal' in payment) throw payment.refusal;
  return { payer, payment };
}

/** A partner's driver: its account (locked as a driver's row is) pays, uncapped. */
async function decidePartnerPayment(
  tx: Db,
  accountUserId: string,
  currency: Charge['currency'],
): Promise<{ payer: Payer; payment: PartnerPayment }> {
  const account = await lockStarter(tx, accountUserId);
  if (!account || account.deletedAt !== null) throw new AppError('UNAUTHORIZED');
  if (account.isBlocked) throw new AppError('ACCOUNT_BLOCKED');
  const payer: Payer = { kind: 'user_wallet', userId: accountUserId };
  const balanceMinor = await walletBalanceMinor(tx, payer, currency);
  return {
    payer,
    payment: {
      method: 'partner',
      capMinor: null,
      card: undefined,
      balanceMinor,
      balanceCurrency: currency,
      currency,
      exchange: null,
    },
  };
}

/**
 * Decides a start, inside the start's transaction (see decidePayment): the station's hours,
 * the money, the simultaneous-sessions limit, a tag's other session, and the connector's
 * reservation, whoever starts (the app, a tag at the reader). Throws the refusal.
 */
export async function decideStart(
  tx: Db,
  config: Pick<Config, 'charging'>,
  request: StartRequest,
): Promise<StartDecision> {
  const { userId } = request;
  const station = await stationFacts(tx, request.stationId, request.connectorId);
  if (!station) throw new AppError('STATION_NOT_FOUND');
  // Private stations are not offered to partners (roaming publish.ts): not there for their drivers.
  if (request.partner && station.isPrivate) throw new AppError('STATION_NOT_FOUND');
  const { access, refusal } = stationRule(station, userId, request.at);
  if (refusal) throw refusal;
  if (isReportedUnavailable(station.reportedStatuses, station.connectorNumber))
    throw new AppError('COMMAND_REJECTED', { details: { reason: 'unavailable' } });
  const stationOwnerId = earningOwnerOf(station, access);
  const trustedUntil =
    access === 'shared'
      ? sharedTagExpiry(station.sharing, request.at, station.utcOffsetMinutes)
      : null;
  const { partner } = request;
  const { payer, payment } = partner
    ? await decidePartnerPayment(tx, userId, request.currency)
    : await decidePayment(tx, userId, request.currency, request.rates, access);
  const limit = config.charging.maxSessionsPerUser;
  // The partner's account holds all its drivers' sessions: the limit is one per card.
  if (partner && (await isPartnerTokenInOpenSession(tx, partner.partnerId, partner.uid)))
    throw new AppError('TOO_MANY_SESSIONS', { details: { limit: 1 } });
  if (!partner && (await openSessionCount(tx, userId)) >= limit)
    throw new AppError('TOO_MANY_SESSIONS', { details: { limit } });
  if (request.rfidTagId && (await isTagInOpenSession(tx, request.rfidTagId)))
    throw new AppError('TOO_MANY_SESSIONS', { details: { limit } });
  if (request.connectorId === undefined)
    return { payer, payment, reservation: undefined, access, stationOwnerId, trustedUntil };
  // After the driver's row: every way in locks the driver first, then the connector.
  await lockConnector(tx, request.connectorId);
  // The reservation that holds the connector as the start is decided, by our clock: a
  // charge point's clock says when its transaction began, not who holds the connector now.
  const hold = await holdingReservation(tx, request.connectorId, new Date());
  if (hold && hold.userId !== userId)
    throw new AppError('STATION_BOOKED', { details: { until: hold.endsAt.toISOString() } });
  return {
    payer,
    payment,
    reservation: hold ? { id: hold.id, idTag: hold.idTag } : undefined,
    access,
    stationOwnerId,
    trustedUntil,
  };
}

/**
 * The session's columns of how it is paid (its funds stop, the currency it is kept in and the
 * rate its prices are converted at), the reservation it consumes, and the owner of the private
 * station it earns for.
 */
export function paymentColumns({ payer, payment, reservation, stationOwnerId }: StartDecision) {
  return {
    currency: payment.currency,
    ...exchangeColumns(payment.exchange),
    payerCompanyId: payer.kind === 'company_wallet' ? payer.companyId : null,
    paymentMethod: payment.method,
    fundsCapMinor: payment.capMinor,
    reservationId: reservation?.id ?? null,
    stationOwnerId,
  };
}
