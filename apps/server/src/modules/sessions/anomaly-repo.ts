import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { MeterAnomaly } from '@evcharge/api/admin/meter-anomalies';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { connectors, stations } from '../../db/schema/stations';

// The sessions whose meter claimed more than its connector could deliver (meter-anomaly.ts),
// for staff: newest first, with where they ran and what was claimed against what was billed.

const anomalous = isNotNull(chargingSessions.meterAnomalyAt);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

export async function meterAnomalyPage(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ items: MeterAnomaly[]; total: number }> {
  const rows = await db
    .select({
      session: {
        id: chargingSessions.id,
        transactionId: chargingSessions.transactionId,
        status: chargingSessions.status,
        startedAt: chargingSessions.startedAt,
        stoppedAt: chargingSessions.stoppedAt,
        foundAt: chargingSessions.meterAnomalyAt,
        claimedWh: chargingSessions.meterClaimedWh,
        energyWh: chargingSessions.energyWh,
        costMinor: chargingSessions.costMinor,
        currency: chargingSessions.currency,
        roamingPartnerId: chargingSessions.roamingPartnerId,
      },
      station: { id: stations.id, code: stations.code, name: stations.name },
      connectorNumber: connectors.number,
      connectorPowerW: connectors.powerW,
    })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(anomalous)
    .orderBy(desc(chargingSessions.meterAnomalyAt), desc(chargingSessions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(chargingSessions).where(and(anomalous));
  return {
    total: total?.n ?? 0,
    items: rows.map(({ session, station, connectorNumber, connectorPowerW }) => ({
      sessionId: session.id,
      transactionId: session.transactionId,
      status: session.status,
      station,
      connectorNumber,
      connectorPowerW,
      isRoaming: session.roamingPartnerId !== null,
      startedAt: iso(session.startedAt),
      stoppedAt: iso(session.stoppedAt),
      foundAt: session.foundAt!.toISOString(),
      claimedWh: session.claimedWh ?? 0,
      billedWh: session.energyWh,
      costMinor: session.costMinor,
      currency: session.currency,
    })),
  };
}
