import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  roamingPartners,
  roamingTariffs,
  type PartnerEndpoint,
  type PartnerRole,
  type RoamingPartnerStatus,
} from '../../db/schema/roaming';
import { connectors, stations } from '../../db/schema/stations';

// Queries of the roaming module (OCPI 2.2.1 partners, their locations and tariffs).

export type PartnerRow = typeof roamingPartners.$inferSelect;

// Raised by every change of a partner's row on this instance: what is kept of the partners
// (status-push.ts) is read again after it.
let partnersChangedCount = 0;
export const partnersVersion = () => partnersChangedCount;

export async function insertPartner(db: Db, values: typeof roamingPartners.$inferInsert) {
  partnersChangedCount++;
  const [row] = await db.insert(roamingPartners).values(values).returning();
  if (!row) throw new Error('partner insert returned nothing');
  return row;
}

export async function findPartner(db: Db, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(roamingPartners).where(eq(roamingPartners.id, id));
  return row;
}

/** The partner a token (by its hash) belongs to, current or being given, whatever its status. */
export async function findPartnerByTokenHash(db: Db, hashes: readonly string[]) {
  if (hashes.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(roamingPartners)
    .where(
      or(
        inArray(roamingPartners.inboundTokenHash, [...hashes]),
        inArray(roamingPartners.pendingTokenHash, [...hashes]),
      ),
    );
  return row;
}

export async function deletePartner(db: Db, id: string): Promise<void> {
  partnersChangedCount++;
  await db.delete(roamingPartners).where(eq(roamingPartners.id, id));
}

/**
 * Moves a partner's registration from the status it must still be in (so two handshakes on
 * the same token cannot both win); undefined when it was not in it.
 */
export async function updatePartnerFrom(
  db: Db,
  id: string,
  from: readonly RoamingPartnerStatus[],
  set: Partial<typeof roamingPartners.$inferInsert>,
): Promise<PartnerRow | undefined> {
  partnersChangedCount++;
  const [row] = await db
    .update(roamingPartners)
    .set(set)
    .where(and(eq(roamingPartners.id, id), inArray(roamingPartners.status, [...from])))
    .returning();
  return row;
}

export async function registeredPartners(db: Db): Promise<PartnerRow[]> {
  return db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.status, 'registered'))
    .orderBy(asc(roamingPartners.createdAt));
}

export type PartnerRegistration = {
  name: string;
  countryCode: string | null;
  partyId: string | null;
  roles: PartnerRole[];
  versionsUrl: string;
  version: string;
  endpoints: PartnerEndpoint[];
};

// -- Tariffs ----------------------------------------------------------------------------------

/**
 * Keeps a partner's tariff unless we hold a newer one (OCPI 2.2.1 §11.2.2: last_updated orders
 * pushes; a late one changes nothing, a repeated one writes the same again). True when stored.
 */
export async function upsertTariff(
  db: Db,
  values: typeof roamingTariffs.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(roamingTariffs)
    .values(values)
    .onConflictDoUpdate({
      target: [
        roamingTariffs.partnerId,
        roamingTariffs.countryCode,
        roamingTariffs.partyId,
        roamingTariffs.ocpiId,
      ],
      set: {
        currency: sql`excluded.currency`,
        tariff: sql`excluded.tariff`,
        lastUpdated: sql`excluded.last_updated`,
      },
      setWhere: sql`${roamingTariffs.lastUpdated} <= excluded.last_updated`,
    })
    .returning({ id: roamingTariffs.ocpiId });
  return rows.length > 0;
}

export async function deleteTariff(
  db: Db,
  key: { partnerId: string; countryCode: string; partyId: string; ocpiId: string },
): Promise<void> {
  await db
    .delete(roamingTariffs)
    .where(
      and(
        eq(roamingTariffs.partnerId, key.partnerId),
        eq(roamingTariffs.countryCode, key.countryCode),
        eq(roamingTariffs.partyId, key.partyId),
        eq(roamingTariffs.ocpiId, key.ocpiId),
      ),
    );
}

/** The partner's tariffs of these ids (a station's connectors name them). */
export async function partnerTariffs(db: Db, partnerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(roamingTariffs)
    .where(and(eq(roamingTariffs.partnerId, partnerId), inArray(roamingTariffs.ocpiId, [...ids])))
    .orderBy(asc(roamingTariffs.ocpiId));
}

// -- Locations --------------------------------------------------------------------------------

export type LocationKey = {
  partnerId: string;
  countryCode: string;
  partyId: string;
  locationId: string;
};

/** The partner's station for a Location, locked for the update that follows. */
export async function lockPartnerStation(tx: Db, key: LocationKey) {
  const [row] = await tx
    .select()
    .from(stations)
    .where(
      and(
        eq(stations.roamingPartnerId, key.partnerId),
        eq(stations.ocpiCountryCode, key.countryCode),
        eq(stations.ocpiPartyId, key.partyId),
        eq(stations.ocpiLocationId, key.locationId),
      ),
    )
    .for('update');
  return row;
}

export async function insertPartnerStation(tx: Db, values: typeof stations.$inferInsert) {
  const [row] = await tx.insert(stations).values(values).returning({ id: stations.id });
  if (!row) throw new Error('station insert returned nothing');
  return row.id;
}

export async function updatePartnerStation(
  tx: Db,
  id: string,
  set: Partial<typeof stations.$inferInsert>,
): Promise<void> {
  await tx.update(stations).set(set).where(eq(stations.id, id));
}

export async function stationConnectors(tx: Db, stationId: string) {
  return tx
    .select()
    .from(connectors)
    .where(eq(connectors.stationId, stationId))
    .orderBy(asc(connectors.number));
}

export async function insertConnector(tx: Db, values: typeof connectors.$inferInsert) {
  await tx.insert(connectors).values(values);
}

export async function updateConnector(
  tx: Db,
  id: string,
  set: Partial<typeof connectors.$inferInsert>,
): Promise<void> {
  await tx.update(connectors).set(set).where(eq(connectors.id, id));
}

/** Our connector for a partner's Location, EVSE and connector ids (§9.3.1 Session), if we hold it. */
export async function connectorOfOcpi(
  db: Db,
  key: LocationKey & { evseUid: string; connectorId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(
      and(
        eq(stations.roamingPartnerId, key.partnerId),
        eq(stations.ocpiCountryCode, key.countryCode),
        eq(stations.ocpiPartyId, key.partyId),
        eq(stations.ocpiLocationId, key.locationId),
        eq(connectors.ocpiEvseUid, key.evseUid),
        eq(connectors.ocpiConnectorId, key.connectorId),
      ),
    );
  return row?.id;
}
