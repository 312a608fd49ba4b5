import type { OCPP16 } from 'typed-ocpp';
import { AppError, type ErrorCode } from '@evcharge/domain/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordChargeEvent } from './events';
import { cancelPreparing, type ChargeDeps } from './start';
import {
  decideStart,
  earningOwnerOf,
  exchangeColumns,
  paymentColumns,
  sessionTariffId,
  type StartDecision,
  type StartRequest,
} from './start-rules';
import { stationAccess } from '@evcharge/domain/private-station';
import { holdForSession } from '../payments';
import { walletPays } from './payment-rule';
import type { ChargePointSender } from './charge-point-sender';
import {
  checkIdTag,
  driverGroupTag,
  type IdTagInfo,
  type IdTagStatus,
  type IdTagVerdict,
} from './id-tags';
import { tariffOf } from './cost';
import { insertSession, stationTariffAt, updateSessionFrom } from './repo';
import { startColumns } from './start-clock';
import { completeReservation } from './hold-repo';
import { findTagByUid, markTagUsed, stationFacts } from './place-repo';
import { loyaltyColumns } from './session-loyalty';
import { forgetPartnerAnswer, partnerDriverAt, type PartnerDriver } from './partner-driver';

// A driver's RFID tag at the station goes through the rules of a start from the app
// (start-rules.ts decideStart), answered as OCPP 1.6 §7.15 AuthorizationStatus.

/** OCPP 1.6 §7.15: Blocked for a debt or a blocked account, ConcurrentTx over the limit. */
export function tagStatusOf(code: ErrorCode): Exclude<IdTagStatus, 'Accepted'> {
  switch (code) {
    case 'DEBT_BLOCKS':
    case 'ACCOUNT_BLOCKED':
      return 'Blocked';
    case 'TOO_MANY_SESSIONS':
    case 'CONNECTOR_BUSY':
      return 'ConcurrentTx';
    default:
      return 'Invalid';
  }
}

type TagDecision =
  | {
      status: 'Accepted';
      userId: string;
      /** Our driver's tag; null for a roaming partner's driver (partner set). */
      rfidTagId: string | null;
      partner: PartnerDriver | undefined;
      tariffId: string;
      currency: StartRequest['currency'];
      decision: StartDecision;
    }
  | { status: Exclude<IdTagStatus, 'Accepted'> };

type Starter = { userId: string; rfidTagId: string | null; partner: PartnerDriver | undefined };

/**
 * Who presents the idTag: our driver's tag, a roaming partner's driver, or a refusal. `known`:
 * the idTag's verdict the same message read already (Authorize), not read again.
 */
async function starterOf(
  deps: ChargeDeps,
  stationId: string,
  idTag: string,
  known: IdTagVerdict | undefined,
): Promise<Starter | { status: Exclude<IdTagStatus, 'Accepted'> }> {
  const tag = known ?? (await checkIdTag(deps.db, idTag));
  if (tag.status === 'Accepted') {
    if (tag.rfidTagId === null) return { status: 'Invalid' };
    return { userId: tag.userId, rfidTagId: tag.rfidTagId, partner: undefined };
  }
  // Not one of our drivers' tags: perhaps a roaming partner's driver's card.
  const foreign =
    tag.status === 'Invalid' ? await partnerDriverAt(deps, stationId, idTag) : undefined;
  if (!foreign) return { status: tag.status };
  if (foreign.status !== 'Accepted') return { status: foreign.status };
  return { userId: foreign.partner.accountUserId, rfidTagId: null, partner: foreign.partner };
}

/**
 * Decides a tag's start at a station inside `run` (a transaction), or refuses it. The idTag of
 * an app start is the app's (transaction-start.ts attaches it); here it starts nothing.
 */
async function decideTag(
  deps: ChargeDeps,
  place: { stationId: string; connectorId?: string },
  idTag: string,
  at: Date,
  then: (
    tx: ChargeDeps['db'],
    decided: Extract<TagDecision, { status: 'Accepted' }>,
  ) => Promise<void>,
  known?: IdTagVerdict,
): Promise<TagDecision> {
  const { db } = deps;
  const starter = await starterOf(deps, place.stationId, idTag, known);
  if ('status' in starter) return starter;
  const { userId, rfidTagId, partner } = starter;
  const tariffId = await stationTariffAt(db, place.stationId, at);
  if (!tariffId) return { status: 'Invalid' };
  const { tariff } = await tariffOf(db, tariffId);
  try {
    return await db.transaction(async (tx) => {
      const decision = await decideStart(tx, deps.config, {
        userId,
        stationId: place.stationId,
        connectorId: place.connectorId,
        currency: tariff.currency,
        rates: deps.brand.roaming.rates,
        at,
        ...(rfidTagId ? { rfidTagId } : {}),
        ...(partner ? { partner: { partnerId: partner.partnerId, uid: partner.driver.uid } } : {}),
      });
      const decided = {
        status: 'Accepted' as const,
        userId,
        rfidTagId,
        partner,
        tariffId,
        currency: tariff.currency,
        decision,
      };
      await then(tx, decided);
      return decided;
    });
  } catch (error) {
    if (error instanceof AppError) return { status: tagStatusOf(error.code) };
    // Another session took the connector a moment ago (the unique index decided).
    if (isUniqueViolation(error)) return { status: 'ConcurrentTx' };
    throw error;
  }
}

// The idTags a charge point asked about over its current socket (Authorize): a transaction
// of one it never asked about, begun before the socket opened, was started offline (from its
// local list, OCPP 1.6 §3.5.3). Kept per socket object, so it goes with the socket.
const askedHere = new WeakMap<object, Set<string>>();

function remember(from: ChargePointSender, idTag: string): void {
  const asked = askedHere.get(from) ?? new Set<string>();
  if (asked.size > 1000) asked.clear();
  asked.add(idTag);
  askedHere.set(from, asked);
}

/** A StartTransaction the charge point began on its own while it could not reach us. */
export function startedOffline(
  from: ChargePointSender,
  params: OCPP16.StartTransactionRequest,
): boolean {
  const at = new Date(params.timestamp);
  return (
    from.connectedAt !== undefined &&
    at.getTime() < from.connectedAt.getTime() &&
    !askedHere.get(from)?.has(params.idTag)
  );
}

/** The tag's status as a start here would be decided now. */
async function authorizeTag(
  deps: ChargeDeps,
  stationId: string,
  idTag: string,
  verdict: IdTagVerdict,
) {
  // Authorize names no connector: a reservation's hold is decided at StartTransaction.
  const decided = await decideTag(deps, { stationId }, idTag, new Date(), async () => {}, verdict);
  if (decided.status !== 'Accepted') return { status: decided.status };
  const { trustedUntil } = decided.decision;
  // A partner's drivers share its account: their cards are no group of one driver.
  if (decided.partner) return { status: decided.status };
  return {
    status: decided.status,
    parentIdTag: driverGroupTag(decided.userId),
    // Another driver at a shared private station: the charge point's cache forgets the tag
    // when the sharing ends (OCPP 1.6 §3.5.2), so it cannot start there offline afterwards.
    ...(trustedUntil ? { expiryDate: trustedUntil.toISOString() } : {}),
  };
}

/**
 * OCPP 1.6 §4.1 Authorize: may this idTag charge here? The idTag of an app start while its
 * session waits is Accepted; a driver's RFID tag is decided by the rules of a start.
 */
export async function authorizeIdTag(
  deps: ChargeDeps,
  from: ChargePointSender,
  idTag: string,
): Promise<IdTagInfo> {
  remember(from, idTag);
  const verdict = await checkIdTag(deps.db, idTag);
  if (verdict.status === 'Accepted' && verdict.rfidTagId === null) return { status: 'Accepted' };
  return authorizeTag(deps, from.stationId, idTag, verdict);
}

type Answer = { status: IdTagStatus; transactionId?: number; expiryDate?: string };

/**
 * OCPP 1.6 §4.8 StartTransaction by a tag: a session on the station's tariff, paid and capped
 * as a start from the app. When the balance is short the default card is held first (the
 * session waits as `preparing`); a declined hold refuses the start.
 */
export async function startByTag(
  deps: ChargeDeps,
  stationId: string,
  connectorId: string,
  params: OCPP16.StartTransactionRequest,
  isOffline = false,
): Promise<Answer> {
  const charging = startColumns(params, new Date());
  const { startedAt } = charging;
  let session: Awaited<ReturnType<typeof insertSession>> | undefined;
  const place = { stationId, connectorId };
  const decided = await decideTag(deps, place, params.idTag, startedAt, async (tx, tag) => {
    const byCard = tag.decision.payment.method === 'card';
    const isOwn = tag.decision.access === 'owner';
    session = await insertSession(tx, deps.brand, {
      userId: tag.userId,
      connectorId,
      tariffId: sessionTariffId(tag.decision.access, tag.tariffId, tag.currency),
      rfidTagId: tag.rfidTagId,
      // Its currency and rate too: the wallet pays a station priced in another at the rate.
      ...paymentColumns(tag.decision),
      ...(tag.partner
        ? { payerPartnerId: tag.partner.partnerId, roamingDriver: tag.partner.driver }
        : {}),
      // Free energy on the owner's own station earns no programme's discount or points, and
      // a partner's driver carries no card of our programmes.
      ...(isOwn || tag.partner
        ? { loyaltyCardId: null, loyalty: null }
        : await loyaltyColumns(tx, tag.userId, place)),
      ...(byCard
        ? {
            status: 'preparing' as const,
            startDeadlineAt: new Date(Date.now() + deps.config.charging.startTimeoutSeconds * 1000),
          }
        : { status: 'charging' as const, ...charging }),
    });
    if (tag.rfidTagId) await markTagUsed(tx, tag.rfidTagId, startedAt);
    // A tag of the driver whose reservation holds the connector: it stops holding now.
    if (!byCard && tag.decision.reservation)
      await completeReservation(tx, tag.decision.reservation.id, startedAt);
  });
  if (decided.status !== 'Accepted' || !session) {
    return isOffline && decided.status !== 'Accepted'
      ? startedWithoutUs(deps, stationId, connectorId, params, decided.status)
      : { status: decided.status };
  }
  if (decided.partner)
    forgetPartnerAnswer(stationId, decided.partner.partnerId, decided.partner.driver.uid);
  let started = session;
  const card = decided.decision.payment.card;
  if (card) {
    try {
      await holdForSession(deps, session, card, decided.decision.payment.capMinor);
    } catch {
      await cancelPreparing(deps, session.id, 'payment');
      return { status: 'Invalid' };
    }
    const moved = await updateSessionFrom(deps.db, session.id, ['preparing'], {
      status: 'charging',
      ...charging,
    });
    if (!moved) return { status: 'ConcurrentTx' };
    started = moved;
    if (moved.reservationId) await completeReservation(deps.db, moved.reservationId, startedAt);
  }
  await recordChargeEvent(deps, started, 'started');
  const { trustedUntil } = decided.decision;
  return {
    status: 'Accepted',
    transactionId: started.transactionId,
    ...(trustedUntil ? { expiryDate: trustedUntil.toISOString() } : {}),
  };
}

/**
 * A driver's tag began a transaction while the charge point could not reach us (its local
 * list accepted it) and the rules of a start now refuse it (a debt since, say). The energy is
 * the driver's all the same: the session is kept and billed on the driver's balance (a debt if
 * it is short), and the refusal goes back, so the charge point stops it (StopTransactionOnInvalidId,
 * OCPP 1.6 §9.1) and its StopTransaction closes the bill.
 */
async function startedWithoutUs(
  deps: ChargeDeps,
  stationId: string,
  connectorId: string,
  params: OCPP16.StartTransactionRequest,
  refusal: Exclude<IdTagStatus, 'Accepted'>,
): Promise<Answer> {
  const tag = await findTagByUid(deps.db, params.idTag);
  const charging = startColumns(params, new Date());
  const tariffId = tag && (await stationTariffAt(deps.db, stationId, charging.startedAt));
  if (!tag || !tariffId) return { status: refusal };
  const { tariff } = await tariffOf(deps.db, tariffId);
  // A private station's energy is still its owner's: free for them, earned from others.
  const station = await stationFacts(deps.db, stationId);
  const access = station ? stationAccess(station, tag.userId, charging.startedAt) : 'public';
  // Billed on the driver's wallet as any start it pays (payment-rule.ts): in its currency, at
  // the brand's rate when the station prices in another (without a rate, in the station's).
  const { paidIn } =
    access === 'owner'
      ? { paidIn: undefined }
      : await walletPays(
          deps.db,
          { kind: 'user_wallet', userId: tag.userId },
          tariff.currency,
          deps.brand.roaming.rates,
        );
  try {
    const session = await insertSession(deps.db, deps.brand, {
      userId: tag.userId,
      connectorId,
      tariffId: sessionTariffId(access, tariffId, tariff.currency),
      currency: paidIn?.currency ?? tariff.currency,
      ...exchangeColumns(paidIn?.exchange ?? null),
      rfidTagId: tag.rfidTagId,
      paymentMethod: 'balance',
      fundsCapMinor: null,
      stationOwnerId: station ? earningOwnerOf(station, access) : null,
      ...(access === 'owner'
        ? { loyaltyCardId: null, loyalty: null }
        : await loyaltyColumns(deps.db, tag.userId, { stationId })),
      status: 'charging',
      ...charging,
    });
    await markTagUsed(deps.db, tag.rfidTagId, charging.startedAt);
    await recordChargeEvent(deps, session, 'started');
    return { status: refusal, transactionId: session.transactionId };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'ConcurrentTx' };
    throw error;
  }
}
