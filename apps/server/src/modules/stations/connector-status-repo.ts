import { and, eq, ne, sql } from 'drizzle-orm';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import { openRfidBindingStatuses } from '@evcharge/domain/rfid';
import { executePrepared, type Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions, rfidBindings } from '../../db/schema/charging';
import { chargePoints, type ReportedStatus } from '../../db/schema/ocpp';
import { connectors } from '../../db/schema/stations';

/** Sets a station's connector by its number; returns the ids it changed (none or one). */
export async function updateConnectorStatus(
  db: Db,
  stationId: string,
  connectorNumber: number,
  status: ConnectorStatus,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(connectors)
    .set({ status, statusAt: at })
    .where(and(eq(connectors.stationId, stationId), eq(connectors.number, connectorNumber)))
    .returning({ id: connectors.id });
  return rows.map((row) => row.id);
}

/** Every connector of the station not yet unavailable becomes so; returns their ids. */
export async function updateStationUnavailable(
  db: Db,
  stationId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(connectors)
    .set({ status: 'unavailable', statusAt: at })
    .where(and(eq(connectors.stationId, stationId), ne(connectors.status, 'unavailable')))
    .returning({ id: connectors.id });
  return rows.map((row) => row.id);
}

/** A charge point's StatusNotification for one of its station's connectors (OCPP 1.6 §4.9). */
export type ConnectorReport = {
  chargePointId: string;
  stationId: string;
  connectorNumber: number;
  /** As the charge point sent it: kept with its other reports (charge_points.reported_statuses). */
  reported: ReportedStatus;
  status: ConnectorStatus;
  /** From when the connector shows `status`. */
  at: Date;
};

/** The connector a report changed, and whether a session or an RFID wizard is open on it. */
export type ReportedConnector = {
  connectorId: string;
  hasActiveSession: boolean;
  hasOpenBinding: boolean;
};

/**
 * A NOTIFY sent with the change, on commit: `payload` with the changed connector's id added
 * as `connectorId`.
 */
export type ConnectorNotice = { channel: string; payload: Record<string, unknown> };

// Literal lists, as in the partial indexes' predicates (db/schema/charging.ts), so that a
// generic plan of the prepared statement still proves it may use those indexes.
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const activeSessions = quoted(activeSessionStatuses);
const openBindings = quoted(openRfidBindingStatuses);

/**
 * A connector's report in ONE statement (every connector of every charge point sends them):
 * the report joins the charge point's others, the connector takes the status, the NOTIFY (if
 * any) goes with them, and the answer says whether a session or an RFID wizard is open on the
 * connector, so what follows the status reads them only when one is. Undefined when the station
 * has no connector of that number (the report is kept all the same).
 */
export async function recordConnectorReport(
  db: Db,
  report: ConnectorReport,
  notice: ConnectorNotice | undefined,
): Promise<ReportedConnector | undefined> {
  const entry = JSON.stringify({ [String(report.connectorNumber)]: report.reported });
  // A CTE that only selects runs only when the main query reads it: hence the cross join.
  const notified = notice
    ? sql`, notified as (
        select pg_notify(${notice.channel},
          (${JSON.stringify(notice.payload)}::jsonb || jsonb_build_object('connectorId', c.id))::text)
        from changed c)`
    : sql``;
  const statement = sql`
    with reported as (
      update ${chargePoints} set reported_statuses = reported_statuses || ${entry}::jsonb
      where id = ${report.chargePointId}),
    changed as (
      update ${connectors} set status = ${report.status}, status_at = ${report.at.toISOString()}::timestamptz
      where station_id = ${report.stationId}::uuid and number = ${report.connectorNumber}::integer
      returning id)
    ${notified}
    select c.id as "connectorId",
      exists (select 1 from ${chargingSessions} s
        where s.connector_id = c.id and s.status in (${activeSessions})) as "hasActiveSession",
      exists (select 1 from ${rfidBindings} b
        where b.connector_id = c.id and b.status in (${openBindings})) as "hasOpenBinding"
    from changed c${notice ? sql` cross join (select count(*) from notified) n` : sql``}`;
  const result = (await executePrepared(db, statement)) as { rows: ReportedConnector[] };
  return result.rows[0];
}
