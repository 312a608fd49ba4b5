import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { AppError } from '@evcharge/domain/errors';
import { tellServerStop } from '../events';
import { chargePointOfConnector } from './charge-point-repo';
import { userChargeRow } from './charge-row-repo';
import { toCharge } from './charge-view';
import { recordChargeEvent } from './events';
import { clearStopRequest, markSessionStop, runningStatuses, type SessionRow } from './repo';
import { cancelPreparing, type ChargeDeps } from './start';
import { sendRoamingStop } from './roaming';
import { type CommandFailure, commandFailure, isCommandFailure } from './charge-points-port';

// SPEC §7 PUT /charge/stop, and the stops the server makes itself (limit, full, ghost).

/** Why the server stops a session; the driver's own stop is the OCPP reason Remote. */
export type ServerStopReason = 'limit' | 'full' | 'ghost' | 'funds';

const isRunning = (status: SessionRow['status']) =>
  (runningStatuses as readonly string[]).includes(status);

type StopTarget = Pick<
  SessionRow,
  'id' | 'connectorId' | 'transactionId' | 'roamingPartnerId' | 'ocpiSessionId'
>;

/**
 * Marks that the session is to stop (and why, for the server's own stops), so that a second
 * caller (the next MeterValues, the sweep, another instance) does not ask again; records the
 * driver's event. Undefined when it was already marked or no longer runs.
 */
export async function markStop(
  deps: ChargeDeps,
  session: StopTarget,
  reason: ServerStopReason | 'driver',
): Promise<SessionRow | undefined> {
  const marked = await markSessionStop(
    deps.db,
    session.id,
    reason === 'driver' ? undefined : reason,
  );
  if (!marked) return undefined;
  if (reason !== 'driver') {
    const kind = reason === 'ghost' ? 'ghostStopped' : 'limitReached';
    await recordChargeEvent(deps, marked, kind, { reason });
    await tellServerStop(deps, marked, reason);
  }
  return marked;
}

/**
 * Sends RemoteStopTransaction for a marked session; the session ends when its
 * StopTransaction arrives. A refused or failed request is unmarked so it is tried again.
 */
export async function sendStop(
  deps: ChargeDeps,
  session: StopTarget,
): Promise<'accepted' | CommandFailure | 'rejected'> {
  const unmark = () => clearStopRequest(deps.db, session.id);
  // A roaming session stops at the partner's charge point (OCPI 2.2.1 STOP_SESSION).
  const roaming = await sendRoamingStop(deps, session);
  if (roaming !== undefined)
    return typeof roaming === 'string'
      ? roaming
      : commandFailure(roaming.reason, '-', 'STOP_SESSION');
  const chargePointId = await chargePointOfConnector(deps.db, session.connectorId);
  try {
    if (!chargePointId) throw commandFailure('offline', '-', 'RemoteStopTransaction');
    const answer = await deps.chargePoints.remoteStopTransaction(chargePointId, {
      transactionId: session.transactionId,
    });
    if (answer.status === 'Accepted') return 'accepted';
    await unmark();
    return 'rejected';
  } catch (error) {
    if (!isCommandFailure(error)) throw error;
    await unmark();
    return error;
  }
}

/** Marks and sends: the whole stop request. Returns 'already' when someone else asked. */
export async function requestStop(
  deps: ChargeDeps,
  session: StopTarget,
  reason: ServerStopReason | 'driver',
): Promise<'accepted' | 'already' | CommandFailure | 'rejected'> {
  const marked = await markStop(deps, session, reason);
  return marked ? sendStop(deps, marked) : 'already';
}

export async function stopCharge(
  deps: ChargeDeps,
  userId: string,
  transactionId: number,
): Promise<Charge> {
  const row = await userChargeRow(deps.db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const { session } = row;
  if (session.status === 'preparing') {
    await cancelPreparing(deps, session.id, 'driver');
  } else if (isRunning(session.status)) {
    const outcome = await requestStop(deps, session, 'driver');
    if (outcome !== 'accepted' && outcome !== 'already')
      throw new AppError('STOP_FAILED', {
        details: { reason: isCommandFailure(outcome) ? outcome.reason : outcome },
      });
  }
  // Parking or finished: nothing left to stop. The answer is the session's true state.
  const after = await userChargeRow(deps.db, userId, transactionId);
  return toCharge(deps.db, after ?? row);
}
