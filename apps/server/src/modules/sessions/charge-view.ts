import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Charge } from '@evcharge/api/charges/charge-schemas';
import type { SessionCost } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { cars } from '../../db/schema/driver';
import { connectors, stations } from '../../db/schema/stations';
import { costBreakdown, tariffOf, type CostFacts } from './cost';
import type { SessionRow } from './repo';
import { remainingMinutes } from './remaining';

// A session as the charging screens see it (SPEC §3 Charge/session), with live figures for
// one that is still open: duration and parking so far, the parking fee so far.

const columns = {
  session: chargingSessions,
  station: {
    id: stations.id,
    code: stations.code,
    name: stations.name,
    address: stations.address,
    utcOffsetMinutes: stations.utcOffsetMinutes,
  },
  connector: {
    id: connectors.id,
    number: connectors.number,
    socketType: connectors.socketType,
    currentType: connectors.currentType,
    powerW: connectors.powerW,
    status: connectors.status,
  },
  car: { batteryKwh: cars.batteryKwh },
};

export type ChargeRow = {
  session: SessionRow;
  station: Charge['station'];
  connector: Charge['connector'];
  car: { batteryKwh: number | null } | null;
};

export async function chargeRows(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ChargeRow[]> {
  const query = db
    .select(columns)
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(cars, eq(cars.id, chargingSessions.carId))
    .where(where)
    .orderBy(desc(chargingSessions.createdAt), desc(chargingSessions.transactionId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ connector: { powerW, ...connector }, ...row }) => ({
    ...row,
    connector: { ...connector, powerKw: powerW / 1000 },
  }));
}

/** One session of a user by transactionId; another user's session is not found. */
export async function userChargeRow(db: Db, userId: string, transactionId: number) {
  const [row] = await chargeRows(
    db,
    and(eq(chargingSessions.userId, userId), eq(chargingSessions.transactionId, transactionId)),
  );
  return row;
}

export async function chargeRowsByIds(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? [] : chargeRows(db, inArray(chargingSessions.id, [...ids]));
}

const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** When energy stopped flowing: a parked session keeps it in parkingStartedAt. */
export function chargingEndOf(session: SessionRow): Date | null {
  if (session.parkingStartedAt) return session.parkingStartedAt;
  return session.status === 'success' || session.status === 'cancelled' ? session.stoppedAt : null;
}

/** The facts the tariff math needs for a session as it stands at `now`. */
export function costFactsAt(session: SessionRow, now: Date): CostFacts {
  const chargingEnd = chargingEndOf(session) ?? now;
  const isParking = session.parkingStartedAt !== null;
  return {
    chargingEndedAt: chargingEnd,
    energyWh: session.energyWh,
    ...(isParking ? { parkingEndedAt: session.stoppedAt ?? now } : {}),
  };
}

export async function chargeCost(
  db: Db,
  row: ChargeRow,
  now: Date,
  readings?: CostFacts['readings'],
): Promise<{ tariff: Awaited<ReturnType<typeof tariffOf>>; cost: SessionCost }> {
  const tariff = await tariffOf(db, row.session.tariffId);
  const session = { ...row.session, utcOffsetMinutes: row.station.utcOffsetMinutes };
  const facts = costFactsAt(row.session, now);
  return { tariff, cost: costBreakdown(tariff, session, { ...facts, readings }) };
}

/** The session for the API at `now`. */
export async function toCharge(db: Db, row: ChargeRow, now = new Date()): Promise<Charge> {
  const { session } = row;
  const { tariff, cost } = await chargeCost(db, row, now);
  const isOpen = session.status !== 'success' && session.status !== 'cancelled';
  const startedAt = session.startedAt;
  const chargingEnd = chargingEndOf(session);
  const parkingCost = cost.items
    .filter((item) => item.kind === 'parking')
    .reduce((sum, item) => sum + item.amountMinor, 0);
  const durationSeconds = startedAt ? seconds(startedAt, chargingEnd ?? now) : 0;
  // A finished session's cost is the one the ledger took; an open one's is the live figure.
  const costMinor = session.status === 'parking' ? cost.totalMinor : session.costMinor;
  return {
    transactionId: session.transactionId,
    status: session.status,
    station: row.station,
    connector: row.connector,
    limit: { mode: session.limitMode, value: session.limitValue },
    profile: session.profile,
    carId: session.carId,
    energyWh: session.energyWh,
    powerW: isOpen && session.status !== 'parking' ? session.powerW : null,
    socPercent: session.socPercent,
    costMinor,
    currency: session.currency,
    createdAt: session.createdAt.toISOString(),
    startedAt: startedAt?.toISOString() ?? null,
    chargingEndedAt: chargingEnd?.toISOString() ?? null,
    stoppedAt: session.stoppedAt?.toISOString() ?? null,
    parkingStartedAt: session.parkingStartedAt?.toISOString() ?? null,
    durationSeconds,
    parkingSeconds: session.parkingStartedAt
      ? seconds(session.parkingStartedAt, session.stoppedAt ?? now)
      : 0,
    remainingMinutes: isOpen
      ? remainingMinutes(session, {
          elapsedSeconds: durationSeconds,
          batteryKwh: row.car?.batteryKwh ?? null,
        })
      : null,
    freeIdleMinutes: tariff.freeIdleMinutes,
    parkingPerMinuteMinor: tariff.tariff.parkingPerMinuteMinor,
    parkingCostMinor: parkingCost,
    stopReason: session.serverStopReason ?? session.stopReason,
    isUserClosed: session.isUserClosed,
  };
}

export async function toCharges(db: Db, rows: readonly ChargeRow[], now = new Date()) {
  return Promise.all(rows.map((row) => toCharge(db, row, now)));
}
