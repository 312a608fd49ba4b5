import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { tellSessionStartedLate } from '../events';
import { recordChargeEvent } from './events';
import { connectorPlace } from './place-repo';
import { insertSession, updateSessionFrom, type SessionRow } from './repo';
import { isRoamingPlace, roamingTerms } from './roaming-terms';
import type { ChargeDeps } from './start';
import { decideStart, paymentColumns, type StartRequest } from './start-rules';

// Sessions a partner began that become ours (SPEC §1 roaming, OCPI 2.2.1): one started at its
// reader on our authorization, and one started after the app had told the driver it failed.
// Both are decided by the money rules of a start with the driver's row locked; a start they
// refuse now is the driver's all the same and is stopped at once.

/** No card is held for a session the partner runs already: it is paid from the balance. */
const onBalance = { paymentMethod: 'balance' as const, fundsCapMinor: null };

/**
 * The money rules of a start the partner made already (decideStart, the driver's row locked):
 * the payment columns they give, a card's on the balance (the driver's debt rules apply after);
 * `refused` when they refuse it now, which the caller stops at once (on the balance too).
 */
async function partnerStartPayment(tx: Db, config: ChargeDeps['config'], request: StartRequest) {
  try {
    const payment = paymentColumns(await decideStart(tx, config, request));
    return { payment: payment.paymentMethod === 'card' ? { ...payment, ...onBalance } : payment, refused: false };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { payment: onBalance, refused: true };
  }
}

/**
 * A session a partner reports that we authorized at its reader (§12.2.2.2: a driver's RFID
 * tag, or the app's token, answered ALLOWED under `reference`): it becomes our session by the
 * rules of a start, as a tag's start at our own charge point does (tag-start.ts). The partner
 * began it already, so a start the rules refuse now is still the driver's bill and is stopped
 * at once (as a start made offline at our charge points is).
 */
export async function adoptRoamingSession(
  deps: ChargeDeps,
  partnerId: string,
  adopt: {
    userId: string;
    rfidTagId: string | null;
    connectorId: string;
    reference: string;
    ocpiSessionId: string;
    startedAt: Date;
  },
): Promise<SessionRow | undefined> {
  const place = await connectorPlace(deps.db, adopt.connectorId);
  if (!place || !isRoamingPlace(place) || place.roamingPartnerId !== partnerId) return undefined;
  let terms: Awaited<ReturnType<typeof roamingTerms>>;
  try {
    terms = await roamingTerms(deps, place, adopt.userId);
  } catch {
    return undefined;
  }
  const columns = {
    userId: adopt.userId,
    connectorId: place.connectorId,
    tariffId: null,
    currency: terms.walletCurrency,
    rfidTagId: adopt.rfidTagId,
    status: 'charging' as const,
    startedAt: adopt.startedAt,
    idTag: null,
    roamingPartnerId: partnerId,
    ocpiSessionId: adopt.ocpiSessionId,
    ocpiAuthorizationReference: adopt.reference,
    partnerCurrency: terms.partnerCurrency,
    roamingMarkupPercent: terms.markupPercent,
    roamingRate: terms.rate,
  };
  let adopted: { session: SessionRow; refused: boolean } | undefined;
  try {
    adopted = await deps.db.transaction(async (tx) => {
      const { payment, refused } = await partnerStartPayment(tx, deps.config, {
        userId: adopt.userId,
        stationId: place.stationId,
        connectorId: place.connectorId,
        currency: terms.walletCurrency,
        // Priced in the wallet's currency already (roaming-price.ts): nothing to convert.
        rates: {},
        at: adopt.startedAt,
        ...(adopt.rfidTagId ? { rfidTagId: adopt.rfidTagId } : {}),
      });
      return { session: await insertSession(tx, deps.brand, { ...columns, ...payment }), refused };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  const { session, refused } = adopted;
  await recordChargeEvent(deps, session, 'started');
  if (refused)
    await deps.roamingLink.stopSession({ partnerId, ocpiSessionId: adopt.ocpiSessionId, sessionId: session.id });
  return session;
}

// A start the app told the driver had failed, which the partner began after all (OCPI 2.2.1
// §13: its CommandResponse was late, invalid or lost, and its session push or CDR comes
// anyway). Decision 015: the driver is never billed for a session the app did not show. So the
// session is adopted at once: it is the driver's again, live on the charging screen with its
// Stop, told by push ("charging started after all"), and billed from its CDR like any other.
// The money rules of a start decide again (the driver's row locked); a start they refuse now
// is stopped at once, and the driver pays what the CDR says was delivered until then. Only
// when the connector is someone else's session by now is it not adopted: it is stopped, and
// its CDR is kept for the record and never billed (roaming-bill.ts).

export type LateStart = { ocpiSessionId: string; startedAt: Date | undefined };

/** The adopted session (charging), or undefined when it could not be: stopped, never billed. */
export async function adoptLateStart(
  deps: ChargeDeps,
  partnerId: string,
  session: SessionRow,
  late: LateStart,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SessionRow | undefined> {
  const place = await connectorPlace(deps.db, session.connectorId);
  let adopted: { session: SessionRow | undefined; refused: boolean } | undefined;
  try {
    adopted = await deps.db.transaction(async (tx) => {
      const { payment, refused } = place
        ? await partnerStartPayment(tx, deps.config, {
            userId: session.userId,
            stationId: place.stationId,
            connectorId: session.connectorId,
            currency: session.currency,
            // Priced in the wallet's currency already (roaming-price.ts): nothing to convert.
            rates: {},
            at: new Date(),
          })
        : { payment: onBalance, refused: true };
      const revived = await updateSessionFrom(tx, session.id, ['cancelled'], {
        ...payment,
        status: 'charging',
        ocpiSessionId: late.ocpiSessionId,
        startedAt: late.startedAt ?? new Date(),
        stoppedAt: null,
        serverStopReason: null,
        startDeadlineAt: null,
      });
      return { session: revived, refused };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const refused = adopted?.refused ?? false;
  const revived = adopted?.session;
  if (!revived) {
    // Another session holds the connector now: this one stays cancelled and is stopped.
    await updateSessionFrom(deps.db, session.id, ['cancelled'], { ocpiSessionId: late.ocpiSessionId });
    await deps.roamingLink.stopSession({ partnerId, ocpiSessionId: late.ocpiSessionId, sessionId: session.id });
    log.warn(
      { sessionId: session.id, ocpiSessionId: late.ocpiSessionId },
      'roaming partner started a session we had given up on, on a connector in use since: stopped, not billed',
    );
    return undefined;
  }
  await recordChargeEvent(deps, revived, 'status');
  await tellSessionStartedLate(deps, revived);
  log.warn(
    { sessionId: revived.id, ocpiSessionId: late.ocpiSessionId, stopped: refused },
    'roaming partner started a session we had given up on: adopted and shown to the driver',
  );
  if (refused)
    await deps.roamingLink.stopSession({ partnerId, ocpiSessionId: late.ocpiSessionId, sessionId: revived.id });
  return revived;
}
