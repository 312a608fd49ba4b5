import { sweepIdempotencyKeys } from '../../http/idempotency';
import { runEvery } from '../../repeat';
import type { FastifyBaseLogger } from 'fastify';
import { isLimitReached } from '@evcharge/domain/charging';
import { fundsStopMarginMinor } from '@evcharge/domain/payments';
import { openBalanceSessionsCost, walletBalanceMinor } from '../ledger';
import { findPlacedSession, runningStatuses, type SessionRow } from './repo';
import { closeWithoutStop } from './close-without-stop';
import {
  clearStopRequestsBefore,
  overdueStartIds,
  suspectedStopIds,
  sweepCandidates,
} from './sweep-repo';
import { sweepPayments } from '../payments';
import { cancelPreparing, type ChargeDeps } from './start';
import { markStop, requestStop, sendStop, type ServerStopReason } from './stop';
import { isCommandFailure } from './charge-points-port';

// The server enforces what the driver chose (SPEC §4 charging limit modes): it stops a session at its energy, cost
// or time limit, when a car charging "until full" stops drawing, and when no energy has
// flowed for the ghost minutes; it cancels a start the car never took up.

type Watched = Pick<
  SessionRow,
  | 'id'
  | 'connectorId'
  | 'transactionId'
  | 'status'
  | 'limitMode'
  | 'limitValue'
  | 'energyWh'
  | 'costMinor'
  | 'socPercent'
  | 'startedAt'
  | 'lastEnergyAt'
  | 'stopRequestedAt'
  | 'fundsCapMinor'
  | 'currency'
  | 'userId'
  | 'paymentMethod'
  | 'roamingPartnerId'
  | 'ocpiSessionId'
>;

/** Why a running session must stop at `at` (the charge point's time), if it must. */
export function stopReasonAt(
  session: Watched,
  at: Date,
  ghostMinutes: number,
): ServerStopReason | undefined {
  if (!(runningStatuses as readonly string[]).includes(session.status) || !session.startedAt)
    return undefined;
  const elapsedSeconds = Math.max(0, (at.getTime() - session.startedAt.getTime()) / 1000);
  const limit = { mode: session.limitMode, value: session.limitValue };
  if (
    isLimitReached(limit, {
      energyWh: session.energyWh,
      costMinor: session.costMinor,
      elapsedSeconds,
    })
  )
    return 'limit';
  // Paid by balance or a card's hold: stop before the cost passes what pays for it.
  if (
    session.fundsCapMinor !== null &&
    session.costMinor >=
      session.fundsCapMinor - fundsStopMarginMinor(session.fundsCapMinor, session.currency)
  )
    return 'funds';
  if (session.limitMode === 'full' && (session.socPercent ?? 0) >= 100) return 'full';
  const flowing = session.lastEnergyAt ?? session.startedAt;
  if (at.getTime() - flowing.getTime() >= ghostMinutes * 60_000) return 'ghost';
  return undefined;
}

/**
 * After a reading or a status: stops the session when it must. The stop is marked before the
 * charge point's message is answered (the next reading finds it marked); the command goes out
 * without holding up that answer. `balanceCap` is the cap of a balance session when the
 * caller read it already (the MeterValues path, with its write).
 */
export async function superviseSession(
  deps: ChargeDeps,
  session: Watched,
  at: Date,
  log: StopLog,
  balanceCap?: number,
): Promise<void> {
  if (session.stopRequestedAt) return;
  // A session the app started from the balance has a cap; one started by a tag has none yet.
  const watched =
    session.paymentMethod === 'balance' && session.fundsCapMinor !== null
      ? { ...session, fundsCapMinor: balanceCap ?? (await balanceCapMinor(deps.db, session)) }
      : session;
  const reason = stopReasonAt(watched, at, deps.config.charging.ghostMinutes);
  if (reason) await stopInBackground(deps, session, reason, log);
}

/**
 * What a session paid from the balance may cost now: the balance as it is (a top-up during
 * the session counts) less what the driver's other open balance sessions cost so far.
 */
async function balanceCapMinor(db: ChargeDeps['db'], session: Watched) {
  const balance = await walletBalanceMinor(
    db,
    { kind: 'user_wallet', userId: session.userId },
    session.currency,
  );
  return balance - (await openBalanceSessionsCost(db, session.userId, session.id));
}

/** A car charging "until full" stopped drawing (SuspendedEV): the session is done. */
export async function stopWhenFull(deps: ChargeDeps, session: Watched, log: StopLog) {
  if (session.limitMode !== 'full' || session.stopRequestedAt) return;
  await stopInBackground(deps, session, 'full', log);
}

type StopLog = Pick<FastifyBaseLogger, 'warn'>;

async function stopInBackground(
  deps: ChargeDeps,
  session: Watched,
  reason: ServerStopReason,
  log: StopLog,
) {
  const marked = await markStop(deps, session, reason);
  if (!marked) return;
  void sendStop(deps, marked)
    .then((outcome) => {
      if (outcome !== 'accepted')
        log.warn(
          { transactionId: session.transactionId, reason, outcome: String(outcome) },
          'server stop not accepted; tried again later',
        );
    })
    .catch((error: unknown) =>
      log.warn({ err: error, transactionId: session.transactionId }, 'server stop failed'),
    );
}

/** A stop request older than this with the session still running is sent again. */
const STOP_RETRY_MS = 60_000;

/**
 * One pass over the open sessions by the server's clock: starts past their deadline,
 * time limits, ghosts (no energy for the ghost minutes, also when no readings come at all),
 * and stop requests that got no StopTransaction.
 */
export async function sweepSessions(deps: ChargeDeps, log: FastifyBaseLogger, now = new Date()) {
  const { db, config } = deps;
  for (const id of await overdueStartIds(db, now)) await cancelPreparing(deps, id, 'timeout');
  // The charge point said the connector is free and no StopTransaction followed in the grace.
  const graceStart = new Date(now.getTime() - config.charging.stopGraceSeconds * 1000);
  for (const id of await suspectedStopIds(db, graceStart)) {
    const placed = await findPlacedSession(db, id);
    if (!placed) continue;
    log.warn({ transactionId: placed.transactionId }, 'no StopTransaction: closed on the meter');
    await closeWithoutStop(deps, placed, 'noStop', log);
  }
  await clearStopRequestsBefore(db, new Date(now.getTime() - STOP_RETRY_MS));
  const ghostBefore = new Date(now.getTime() - config.charging.ghostMinutes * 60_000);
  const candidates = await sweepCandidates(db, now, ghostBefore);
  for (const session of candidates) {
    const reason =
      session.limitMode === 'full' && session.status === 'suspendedev'
        ? 'full'
        : stopReasonAt(session, now, config.charging.ghostMinutes);
    if (!reason) continue;
    const outcome = await requestStop(deps, session, reason);
    if (outcome === 'accepted' || outcome === 'already') continue;
    // A ghost on a charge point that stayed away, or that refuses to stop it (it has no such
    // transaction: its StopTransaction was lost): nobody can stop it there, so it ends here on
    // the meter's last sane reading; its StopTransaction, should it come, corrects the bill.
    const isGone = isCommandFailure(outcome) && outcome.reason === 'offline';
    if (reason === 'ghost' && (isGone || outcome === 'rejected')) {
      const placed = await findPlacedSession(db, session.id);
      if (placed) await closeWithoutStop(deps, placed, 'ghost', log);
      continue;
    }
    log.warn(
      { transactionId: session.transactionId, reason, outcome: String(outcome) },
      'server stop not accepted',
    );
  }
  // Card holds of ended sessions, and payments the acquirer has not answered yet.
  await sweepPayments(deps, now).catch((error: unknown) =>
    log.error({ err: error }, 'payment sweep failed'),
  );
  await sweepIdempotencyKeys(db, now).catch((error: unknown) =>
    log.error({ err: error }, 'idempotency key sweep failed'),
  );
}

/** Runs the sweep every CHARGE_SWEEP_SECONDS until the returned stop is called. */
export function startSessionSweep(deps: ChargeDeps, log: FastifyBaseLogger): () => Promise<void> {
  return runEvery(
    deps.config.charging.sweepSeconds,
    () => sweepSessions(deps, log),
    log,
    'session sweep',
  );
}
