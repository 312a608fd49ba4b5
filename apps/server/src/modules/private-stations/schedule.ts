import type {
  SharingSchedule,
  SharingScheduleBody,
} from '@evcharge/api/private-stations/private-stations';
import { AppError, type FieldError } from '@evcharge/domain/errors';
import { isSharedAt, nextSharingChange } from '@evcharge/domain/private-station';
import { weekDays } from '@evcharge/domain/station-hours';
import { rule } from '@evcharge/domain/validation';
import type { Deps } from '../../deps';
import type { Schedule } from '../../db/schema/stations';
import { ownedStations, setOwnerTariff, sharingTerms, updateSharing } from './repo';

// SPEC §2 schedule of a private station: when other drivers may use it (weekly hours, dates
// off, on or off) and what they pay (per kWh, per minute, parking per minute, each within the
// brand's limits, SPEC §1). The rule that reads it is domain/private-station.ts.

export type ScheduleDeps = Pick<Deps, 'db' | 'now' | 'brand' | 'stationReadModel'>;

async function ownStation(deps: ScheduleDeps, userId: string, stationId: string) {
  const [station] = await ownedStations(deps.db, userId, stationId);
  if (!station) throw new AppError('STATION_NOT_FOUND');
  return station;
}

/** GET /chargestation/private/{id}/get/schedule. */
export async function getSchedule(
  deps: ScheduleDeps,
  userId: string,
  stationId: string,
): Promise<SharingSchedule> {
  const station = await ownStation(deps, userId, stationId);
  const terms = await sharingTerms(deps.db, stationId);
  if (!terms) throw new AppError('STATION_NOT_FOUND');
  const { maxPerKwhMinor, maxPerMinuteMinor, maxParkingPerMinuteMinor, platformFeePercent } =
    deps.brand.privateStations;
  const sharing = { isShared: terms.isShared, weekly: terms.weekly, datesOff: terms.datesOff };
  const now = deps.now();
  return {
    stationId,
    ...sharing,
    prices: {
      perKwhMinor: terms.perKwhMinor,
      perMinuteMinor: terms.perMinuteMinor,
      parkingPerMinuteMinor: terms.parkingPerMinuteMinor,
    },
    currency: terms.currency,
    limits: { maxPerKwhMinor, maxPerMinuteMinor, maxParkingPerMinuteMinor },
    platformFeePercent,
    utcOffsetMinutes: station.utcOffsetMinutes,
    isSharedNow: isSharedAt(sharing, now, station.utcOffsetMinutes),
    nextChangeAt: nextSharingChange(sharing, now, station.utcOffsetMinutes)?.toISOString() ?? null,
  };
}

/** The brand's limits on the owner's prices (SPEC §1), as field errors. */
function priceProblems(deps: ScheduleDeps, prices: SharingScheduleBody['prices']): FieldError[] {
  const limits = deps.brand.privateStations;
  const checks = [
    ['perKwhMinor', prices.perKwhMinor, limits.maxPerKwhMinor],
    ['perMinuteMinor', prices.perMinuteMinor, limits.maxPerMinuteMinor],
    ['parkingPerMinuteMinor', prices.parkingPerMinuteMinor, limits.maxParkingPerMinuteMinor],
  ] as const;
  return checks
    .filter(([, price, max]) => price > max)
    .map(([name]) => ({ path: `prices.${name}`, rule: rule.priceLimit }));
}

/** The periods of each day in order, and the dates off once each, in order. */
function tidy(body: SharingScheduleBody): { weekly: Schedule; datesOff: string[] } {
  const weekly = Object.fromEntries(
    weekDays.map((day) => [
      day,
      [...body.weekly[day]]
        .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
        .map(({ from, to }) => ({ from, to })),
    ]),
  ) as Schedule;
  return { weekly, datesOff: [...new Set(body.datesOff)].sort() };
}

/**
 * PUT /chargestation/private/{id}/save/schedule. New prices become the station's tariff for the
 * sessions that start from now on; the map shows or hides the station at once.
 */
export async function saveSchedule(
  deps: ScheduleDeps,
  userId: string,
  stationId: string,
  body: SharingScheduleBody,
): Promise<SharingSchedule> {
  const station = await ownStation(deps, userId, stationId);
  const problems = priceProblems(deps, body.prices);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });
  const before = await sharingTerms(deps.db, stationId);
  if (!before) throw new AppError('STATION_NOT_FOUND');
  const now = deps.now();
  const pricesChanged =
    before.perKwhMinor !== body.prices.perKwhMinor ||
    before.perMinuteMinor !== body.prices.perMinuteMinor ||
    before.parkingPerMinuteMinor !== body.prices.parkingPerMinuteMinor;
  await deps.db.transaction(async (tx) => {
    await updateSharing(tx, stationId, { isShared: body.isShared, ...tidy(body), ...body.prices }, now);
    if (pricesChanged)
      await setOwnerTariff(tx, stationId, {
        code: station.code,
        currency: before.currency,
        ...body.prices,
      });
  });
  await deps.stationReadModel.refreshStation(stationId);
  return getSchedule(deps, userId, stationId);
}
