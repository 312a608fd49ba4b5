import { qrCodeOf } from '@evcharge/api/stations/find-by-qr';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { chargeClass } from '@evcharge/domain/charge-class';
import { connectorStatusCode } from '@evcharge/domain/connector-status';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { walletCurrencyOf } from '../ledger';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { tariff as ocpiTariff } from '@evcharge/api/ocpi/types';
import type { Currency } from '@evcharge/domain/currency';
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
  roamingTariffsOf,
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
/**
 * A roaming partner's station: its tariffs as the partner sent them, our markup, and the rate
 * into the viewer's wallet currency (a visitor: the brand's), from the brand's roaming terms.
 */
async function roamingPrice(
  db: Db,
  row: { id: string; roamingPartnerId: string | null; roamingOperator: string | null },
  viewer: Viewer,
  brand: Pick<BrandConfig, 'currency' | 'roaming'>,
) {
  if (!row.roamingPartnerId) return { roaming: null, byConnector: new Map<string, string[]>() };
  const { byConnector, tariffs } = await roamingTariffsOf(db, row.id, row.roamingPartnerId);
  const walletCurrency =
    (viewer.userId ? await walletCurrencyOf(db, viewer.userId) : undefined) ??
    (brand.currency as Currency);
  const parsed = tariffs.flatMap((row) => {
    const tariff = ocpiTariff.safeParse(row.tariff);
    return tariff.success ? [tariff.data] : [];
  });
  const partnerCurrency = parsed[0]?.currency.toLowerCase();
  const rate = partnerCurrency ? (brand.roaming.rates[partnerCurrency]?.[walletCurrency] ?? null) : null;
  return {
    roaming: {
      operator: row.roamingOperator ?? '',
      markupPercent: brand.roaming.markupPercent,
      walletCurrency,
      rate,
      tariffs: parsed,
    },
    byConnector,
  };
}

export async function stationDetail(
  db: Db,
  id: string,
  viewer: Viewer,
  brand: Pick<BrandConfig, 'currency' | 'roaming'>,
  offsetMinutes = 0,
  now = new Date(),
): Promise<StationDetail> {
  const row = await loadStationDetailRow(db, id);
  if (!row || !canSee(row, viewer, now)) throw new AppError('STATION_NOT_FOUND');
  // SPEC §3 tariff change time: once it has passed, the next tariff is the tariff.
  const changed = row.tariffChangesAt !== null && row.tariffChangesAt <= now;
  const tariffId = changed && row.nextTariffId ? row.nextTariffId : row.tariffId;
  const nextTariffId = changed ? null : row.nextTariffId;
  const tariffs = await loadTariffs(
    db,
    [tariffId, nextTariffId].filter((id): id is string => id !== null),
  );
  // A roaming partner's station has the partner's OCPI tariffs instead of ours.
  const current = tariffId === null ? null : tariffs.get(tariffId);
  if (current === undefined) throw new Error(`station ${row.id} has no tariff ${tariffId}`);
  const next = nextTariffId ? tariffs.get(nextTariffId) : undefined;
  const holds = new Map((await stationHolds(db, row.id, now)).map((h) => [h.connectorId, h]));
  const { roaming, byConnector } = await roamingPrice(db, row, viewer, brand);

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
        roamingTariffId: byConnector.get(c.id)?.[0] ?? null,
      };
    }),
    tariff: current?.tariff ?? null,
    freeIdleMinutes: current?.freeIdleMinutes ?? 0,
    tariffChangesAt:
      next && row.tariffChangesAt ? formatInOffset(row.tariffChangesAt, offsetMinutes) : null,
    nextTariff: next?.tariff ?? null,
    isFavourite: viewer.userId === null ? false : await isFavourite(db, viewer.userId, row.id),
    roaming,
  };
}
