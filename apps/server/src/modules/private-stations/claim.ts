import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import type { Currency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import {
  CLAIM_WRONG_TRIES_PER_CODE_HOUR,
  CLAIM_WRONG_TRIES_PER_USER_HOUR,
} from '@evcharge/domain/private-station';
import { verifyPassword } from '../../crypto/passwords';
import type { Deps } from '../../deps';
import { findClaimable, giveBackTry, setOwner, takeTry, tryWindowStart } from './claim-repo';
import { ownedStation } from './owned';
import { noHours, setOwnerTariff, updateSharing } from './repo';

// SPEC §1, §6 station owner: a driver adds a private station by the code and the secret
// printed beside it. Guessing is limited in the database (OWASP ASVS 2.2.1): a driver has
// CLAIM_WRONG_TRIES_PER_USER_HOUR wrong tries an hour (an unknown code or a wrong secret), a
// station code CLAIM_WRONG_TRIES_PER_CODE_HOUR wrong secrets an hour whoever tries. A try is
// taken before the secret is checked and given back when it was right, so parallel guesses
// cannot get past the limit.

export type ClaimDeps = Pick<Deps, 'db' | 'now' | 'brand' | 'stationReadModel' | 'chargePoints'>;

const HOUR_MS = 3600_000;

type Scope = { scope: 'user' | 'code'; key: string; max: number };

async function tooManyTries(deps: ClaimDeps, limited: Scope, now: Date): Promise<AppError> {
  const since = await tryWindowStart(deps.db, limited.scope, limited.key);
  const retryAfterSeconds = since
    ? Math.max(1, Math.ceil((since.getTime() + HOUR_MS - now.getTime()) / 1000))
    : 3600;
  return new AppError('TOO_MANY_REQUESTS', { details: { retryAfterSeconds } });
}

/** Takes a try of each scope, or none: the refusal when one of them is used up. */
async function takeTries(deps: ClaimDeps, scopes: Scope[], now: Date) {
  const taken: { scope: Scope; count: number }[] = [];
  for (const scope of scopes) {
    const row = await takeTry(deps.db, { ...scope, now });
    if (!row) {
      for (const back of taken) await giveBackTry(deps.db, back.scope.scope, back.scope.key);
      throw await tooManyTries(deps, scope, now);
    }
    taken.push({ scope, count: row.count });
  }
  return taken;
}

/** POST /chargestation/private: the driver becomes the station's owner. */
export async function claimStation(
  deps: ClaimDeps,
  userId: string,
  body: { code: string; secret: string },
): Promise<PrivateStation> {
  const now = deps.now();
  const code = body.code.trim().toUpperCase();
  const byUser: Scope = { scope: 'user', key: userId, max: CLAIM_WRONG_TRIES_PER_USER_HOUR };
  const station = await findClaimable(deps.db, code);
  if (!station) {
    await takeTries(deps, [byUser], now);
    throw new AppError('PRIVATE_STATION_UNKNOWN');
  }
  const byCode: Scope = { scope: 'code', key: station.code, max: CLAIM_WRONG_TRIES_PER_CODE_HOUR };
  const taken = await takeTries(deps, [byUser, byCode], now);
  if (!(await verifyPassword(station.secretHash, body.secret.trim()))) {
    const triesLeft = Math.min(...taken.map(({ scope, count }) => scope.max - count));
    throw new AppError('PRIVATE_STATION_WRONG_SECRET', { details: { triesLeft } });
  }
  for (const { scope } of taken) await giveBackTry(deps.db, scope.scope, scope.key);
  if (station.ownerUserId === userId) {
    const own = await ownedStation(deps, userId, station.id);
    if (own) return own;
  }
  if (station.ownerUserId !== null) throw new AppError('PRIVATE_STATION_CLAIMED');

  const isClaimed = await deps.db.transaction(async (tx) => {
    if (!(await setOwner(tx, station.id, userId))) return false;
    // A fresh start: not shared, no hours, and the owner's prices (none yet) as its tariff.
    const terms = {
      isShared: false,
      weekly: noHours(),
      datesOff: [],
      perKwhMinor: 0,
      perMinuteMinor: 0,
      parkingPerMinuteMinor: 0,
    };
    await updateSharing(tx, station.id, { ...terms, claimedAt: now }, now);
    await setOwnerTariff(tx, station.id, {
      code: station.code,
      currency: deps.brand.currency as Currency,
      ...terms,
    });
    return true;
  });
  if (!isClaimed) throw new AppError('PRIVATE_STATION_CLAIMED');
  await deps.stationReadModel.refreshStation(station.id);
  const own = await ownedStation(deps, userId, station.id);
  if (!own) throw new Error('claimed station vanished');
  return own;
}
