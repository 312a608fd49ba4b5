import { and, eq, inArray } from 'drizzle-orm';
import { chargingSessions } from '../../db/schema/charging';
import type { OcppDeps } from '../context';
import { costMinor, tariffOf } from './session-cost';
import {
  runningStatuses,
  sessionSamples,
  type PlacedSession,
  type SessionRow,
} from './session-repo';

export type SessionEnd = {
  /** When energy stopped flowing (StopTransaction's timestamp). */
  chargingEndedAt: Date;
  energyWh: number;
  meterStopWh: number | null;
  stopReason: string;
  /** For a session that parked: when the car left (the connector became Available). */
  parkingEndedAt?: Date;
};

const finishableStatuses = [...runningStatuses, 'parking'] as const;

/**
 * Ends a session for good: the exact cost over every stored reading, status `success`. The one
 * place a session becomes final, so it is where the money moves: the ledger posting of
 * `costMinor` (balance first, the rest as debt; issue 4) belongs inside this transaction,
 * after the update, and only when the update changed a row. Returns undefined when the
 * session had already ended: a repeated StopTransaction changes nothing and posts nothing.
 */
export async function finishSession(
  deps: OcppDeps,
  session: PlacedSession,
  end: SessionEnd,
): Promise<SessionRow | undefined> {
  // Before the transaction: on PGlite a query on deps.db inside it would wait forever.
  const tariff = await tariffOf(deps.db, session.tariffId);
  return deps.db.transaction(async (tx) => {
    const readings = await sessionSamples(tx, session.id);
    const cost = costMinor(tariff, session, {
      chargingEndedAt: end.chargingEndedAt,
      energyWh: end.energyWh,
      readings,
      parkingEndedAt: end.parkingEndedAt,
    });
    const isParked = session.status === 'parking';
    const [finished] = await tx
      .update(chargingSessions)
      .set({
        status: 'success',
        energyWh: end.energyWh,
        meterStopWh: end.meterStopWh,
        powerW: 0,
        costMinor: cost,
        // A parked session keeps its charging end and gets the time the car left.
        stoppedAt: end.parkingEndedAt ?? end.chargingEndedAt,
        parkingStartedAt: isParked ? session.parkingStartedAt : null,
        stopReason: isParked ? session.stopReason : end.stopReason,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(chargingSessions.id, session.id),
          inArray(chargingSessions.status, [...finishableStatuses]),
        ),
      )
      .returning();
    // Ledger posting goes here (with tx), guarded by `finished`.
    return finished;
  });
}
