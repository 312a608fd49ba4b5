import { AppError } from '@evcharge/domain/errors';
import type { Deps } from '../../deps';
import { clearOwner, hasOpenSession, lockOwnedStation, noHours, updateSharing } from './repo';

// DELETE /chargestation/private/{id}: the owner gives the station up; it waits unclaimed for
// its code and secret again, shared with nobody. Not while a session runs on it: the station's
// row is locked for update here and for share by every start (start-rules.ts), so a start and
// a release cannot cross.

export async function releaseStation(
  deps: Pick<Deps, 'db' | 'now' | 'stationReadModel'>,
  userId: string,
  stationId: string,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await lockOwnedStation(tx, stationId, userId))) throw new AppError('STATION_NOT_FOUND');
    if (await hasOpenSession(tx, stationId)) throw new AppError('PRIVATE_STATION_BUSY');
    await clearOwner(tx, stationId);
    await updateSharing(
      tx,
      stationId,
      {
        isShared: false,
        weekly: noHours(),
        datesOff: [],
        perKwhMinor: 0,
        perMinuteMinor: 0,
        parkingPerMinuteMinor: 0,
        claimedAt: null,
      },
      now,
    );
  });
  await deps.stationReadModel.refreshStation(stationId);
}
