import { qrCodeOf } from '@evcharge/api/stations/find-by-qr';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { chargeClass } from '@evcharge/domain/charge-class';
import { connectorStatusCode } from '@evcharge/domain/connector-status';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import {
  canUseStation,
  emptyWeek,
  workHoursText,
  type StationAccessFacts,
} from '@evcharge/domain/private-station';
import { stationOpenState, weekDays } from '@evcharge/domain/station-hours';
import { formatInOffset } from './local-time';
import {
  isFavourite,
  loadStationDetailRow,
  loadTariffs,
  stationHolds,
  type StationDetailRow,
} from './repo';
import type { Viewer } from './search';
import { powerKwOf, stationFacts } from './station-view';

/**
 * A private station exists for its owner, and for others only while the owner shares it
 * (domain/private-station.ts); otherwise 'Station not found'.
 */
export function canSee(station: StationAccessFacts, viewer: Viewer, at: Date): boolean {
  return canUseStation(station, viewer.userId, at);
}

/**
 * The hours a driver sees: a private station's are the owner's sharing hours (its owner may
 * charge at any time, others only then, and it is hidden from them outside them).
 */
function hoursOf(row: StationDetailRow, now: Date) {
  if (!row.isPrivate) {
    const open = stationOpenState(row.schedule, now, row.utcOffsetMinutes);
    return {
      schedule: row.schedule,
      workHours: row.workHours,
      isOpenNow: open.isOpen,
      opensAt:
        !open.isOpen && open.opensAt ? { day: open.opensAt.day, time: open.opensAt.time } : null,
    };
  }
  const weekly = row.sharing?.isShared ? row.sharing.weekly : emptyWeek();
  const schedule = Object.fromEntries(
    weekDays.map((day) => [day, weekly[day].map((period) => ({ ...period }))]),
  ) as StationDetailRow['schedule'];
  return { schedule, workHours: workHoursText(weekly), isOpenNow: true, opensAt: null };
}

/**
 * The station detail, read from the database (the detail is not on the hot path, and a driver
 * about to drive there should see the latest). Times in the answer are in the client's offset
 * (`offsetMinutes`, UTC without one); opening hours are judged in the station's own.
 */
export async function stationDetail(
  db: Db,
  id: string,
  viewer: Viewer,
  offsetMinutes = 0,
  now = new Date(),
): Promise<StationDetail> {
  const row = await loadStationDetailRow(db, id);
  if (!row || !canSee(row, viewer, now)) throw new AppError('STATION_NOT_FOUND');
  // SPEC §3 tariff change time: once it has passed, the next tariff is the tariff.
  const changed = row.tariffChangesAt !== null && row.tariffChangesAt <= now;
  const tariffId = changed && row.nextTariffId ? row.nextTariffId : row.tariffId;
  const nextTariffId = changed ? null : row.nextTariffId;
  const tariffs = await loadTariffs(db, nextTariffId ? [tariffId, nextTariffId] : [tariffId]);
  const current = tariffs.get(tariffId);
  if (!current) throw new Error(`station ${row.id} has no tariff ${tariffId}`);
  const next = nextTariffId ? tariffs.get(nextTariffId) : undefined;
  const holds = new Map((await stationHolds(db, row.id, now)).map((h) => [h.connectorId, h]));

  return {
    id: row.id,
    code: row.code,
    altName: row.altName,
    name: row.name,
    address: row.address,
    region: row.region,
    city: row.city,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    ...stationFacts(row),
    isRoaming: row.isRoaming,
    roamingOperator: row.roamingOperator,
    isLimitedAccess: row.isLimitedAccess,
    isPrivate: row.isPrivate,
    supportsRfid: row.supportsRfid,
    supportsPeriodReservation: row.supportsPeriodReservation,
    ...hoursOf(row, now),
    utcOffsetMinutes: row.utcOffsetMinutes,
    connectors: row.connectors.map((c) => {
      const hold = holds.get(c.id);
      // A reservation holds it even before the charge point's StatusNotification says so.
      const status = hold && c.status === 'available' ? 'reserved' : c.status;
      return {
        id: c.id,
        number: c.number,
        socketType: c.socketType,
        currentType: c.currentType,
        powerKw: powerKwOf(c.powerW),
        amperage: c.amperage,
        chargeClass: chargeClass({ currentType: c.currentType, powerKw: powerKwOf(c.powerW) }),
        status,
        statusCode: connectorStatusCode(status) ?? null,
        statusSince: formatInOffset(c.statusAt, offsetMinutes),
        qrCode: qrCodeOf(row.code, c.number),
        reservedUntil: hold ? formatInOffset(hold.endsAt, offsetMinutes) : null,
        isReservedByMe:
          hold !== undefined && viewer.userId !== null && hold.userId === viewer.userId,
      };
    }),
    tariff: current.tariff,
    freeIdleMinutes: current.freeIdleMinutes,
    tariffChangesAt:
      next && row.tariffChangesAt ? formatInOffset(row.tariffChangesAt, offsetMinutes) : null,
    nextTariff: next?.tariff ?? null,
    isFavourite: viewer.userId === null ? false : await isFavourite(db, viewer.userId, row.id),
  };
}
