import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import { isUniqueViolation } from '../../db/errors';
import { tellSessionStartedLate } from '../events';
import { recordChargeEvent } from './events';
import { connectorPlace } from './place-repo';
import { updateSessionFrom, type SessionRow } from './repo';
import type { ChargeDeps } from './start';
import { decideStart, paymentColumns } from './start-rules';

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
  let refused = false;
  let adopted: SessionRow | undefined;
  try {
    adopted = await deps.db.transaction(async (tx) => {
      let payment: Partial<ReturnType<typeof paymentColumns>> = {};
      try {
        if (!place) throw new AppError('STATION_NOT_FOUND');
        const decision = await decideStart(tx, deps.config, {
          userId: session.userId,
          stationId: place.stationId,
          connectorId: session.connectorId,
          currency: session.currency,
          // Priced in the wallet's currency already (roaming-price.ts): nothing to convert.
          rates: {},
          at: new Date(),
        });
        payment = paymentColumns(decision);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused = true;
      }
      // The card's hold was let go when the start failed: the session runs on the balance and
      // the driver's debt rules apply after, as for a start at the partner's reader.
      const onBalance = refused || payment.paymentMethod === 'card';
      return updateSessionFrom(tx, session.id, ['cancelled'], {
        ...(refused ? {} : payment),
        ...(onBalance ? { paymentMethod: 'balance' as const, fundsCapMinor: null } : {}),
        status: 'charging',
        ocpiSessionId: late.ocpiSessionId,
        startedAt: late.startedAt ?? new Date(),
        stoppedAt: null,
        serverStopReason: null,
        startDeadlineAt: null,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    adopted = undefined;
  }
  if (!adopted) {
    // Another session holds the connector now: this one stays cancelled and is stopped.
    await updateSessionFrom(deps.db, session.id, ['cancelled'], { ocpiSessionId: late.ocpiSessionId });
    await deps.roamingLink.stopSession({ partnerId, ocpiSessionId: late.ocpiSessionId, sessionId: session.id });
    log.warn(
      { sessionId: session.id, ocpiSessionId: late.ocpiSessionId },
      'roaming partner started a session we had given up on, on a connector in use since: stopped, not billed',
    );
    return undefined;
  }
  await recordChargeEvent(deps, adopted, 'status');
  await tellSessionStartedLate(deps, adopted);
  log.warn(
    { sessionId: adopted.id, ocpiSessionId: late.ocpiSessionId, stopped: refused },
    'roaming partner started a session we had given up on: adopted and shown to the driver',
  );
  if (refused)
    await deps.roamingLink.stopSession({ partnerId, ocpiSessionId: late.ocpiSessionId, sessionId: adopted.id });
  return adopted;
}
