import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rfidTags } from '../../db/schema/driver';
import { roamingAuthorizations, roamingTariffs, roamingTokens } from '../../db/schema/roaming';
import { connectors, stations } from '../../db/schema/stations';
import { users } from '../../db/schema/users';

// Queries of the Tokens module (OCPI 2.2.1 §12): our drivers' tokens (their RFID tags and one
// app token each) for partners, the authorizations we gave, and partners' drivers' tokens.

/**
 * The driver's group tag in SQL (sessions id-tags.ts driverGroupTag: 'D' and the first 19 hex
 * digits of the SHA-256 of the user id, upper case); users_group_tag_idx indexes it.
 */
const groupTag = sql<string>`('D' || upper(left(encode(sha256(${users.id}::text::bytea), 'hex'), 19)))`;

/** A token of one of our drivers, as the Tokens module builds it (tokens.ts tokenOf). */
export type DriverTokenRow = {
  type: 'RFID' | 'APP_USER';
  uid: string;
  userId: string;
  rfidTagId: string | null;
  isTagBlocked: boolean;
  isTagDeleted: boolean;
  isBlocked: boolean;
  isDeleted: boolean;
  lastUpdated: Date;
};

type RawTokenRow = Omit<DriverTokenRow, 'lastUpdated'> & { lastUpdated: Date | string };
const fromRaw = (row: RawTokenRow): DriverTokenRow => ({
  ...row,
  isTagBlocked: Boolean(row.isTagBlocked),
  isTagDeleted: Boolean(row.isTagDeleted),
  isBlocked: Boolean(row.isBlocked),
  isDeleted: Boolean(row.isDeleted),
  lastUpdated: new Date(row.lastUpdated),
});

const tagLastUpdated = sql<Date>`greatest(${rfidTags.updatedAt}, ${users.updatedAt})`;

function tagSelect(db: Db) {
  return db
    .select({
      type: sql<'RFID' | 'APP_USER'>`'RFID'`.as('type'),
      uid: sql<string>`${rfidTags.uid}`.as('uid'),
      userId: sql<string>`${users.id}`.as('user_id'),
      rfidTagId: sql<string | null>`${rfidTags.id}`.as('rfid_tag_id'),
      isTagBlocked: sql<boolean>`${rfidTags.isBlocked}`.as('is_tag_blocked'),
      isTagDeleted: sql<boolean>`not ${rfidTags.isActive}`.as('is_tag_deleted'),
      isBlocked: sql<boolean>`${users.isBlocked}`.as('is_blocked'),
      isDeleted: sql<boolean>`${users.deletedAt} is not null`.as('is_deleted'),
      lastUpdated: sql<Date | string>`${tagLastUpdated}`.as('last_updated'),
    })
    .from(rfidTags)
    .innerJoin(users, eq(users.id, rfidTags.userId));
}

function appSelect(db: Db) {
  return db
    .select({
      type: sql<'RFID' | 'APP_USER'>`'APP_USER'`.as('type'),
      uid: sql<string>`${groupTag}`.as('uid'),
      userId: sql<string>`${users.id}`.as('user_id'),
      rfidTagId: sql<string | null>`null::uuid`.as('rfid_tag_id'),
      isTagBlocked: sql<boolean>`false`.as('is_tag_blocked'),
      isTagDeleted: sql<boolean>`false`.as('is_tag_deleted'),
      isBlocked: sql<boolean>`${users.isBlocked}`.as('is_blocked'),
      isDeleted: sql<boolean>`${users.deletedAt} is not null`.as('is_deleted'),
      lastUpdated: sql<Date | string>`${users.updatedAt}`.as('last_updated'),
    })
    .from(users);
}

function window(column: SQL<Date>, query: { dateFrom?: Date; dateTo?: Date }) {
  return and(
    query.dateFrom ? gte(column, query.dateFrom) : undefined,
    query.dateTo ? lt(column, query.dateTo) : undefined,
  );
}

/**
 * A page of our drivers' tokens changed within the window (§12.2.2.1): their bound RFID tags
 * (a deleted tag is gone; its number may be another driver's now) and one app token per
 * account, oldest change first.
 */
export async function driverTokenPage(
  db: Db,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
) {
  const tagWhere = and(eq(rfidTags.isActive, true), window(tagLastUpdated, query));
  const appWhere = window(sql<Date>`${users.updatedAt}`, query);
  const [tagCount] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(rfidTags)
    .innerJoin(users, eq(users.id, rfidTags.userId))
    .where(tagWhere);
  const [appCount] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(appWhere);
  const rows = await tagSelect(db)
    .where(tagWhere)
    .unionAll(appSelect(db).where(appWhere))
    .orderBy(sql`last_updated`, sql`type desc`, sql`uid`, sql`user_id`)
    .offset(query.offset)
    .limit(query.limit);
  return {
    total: (tagCount?.total ?? 0) + (appCount?.total ?? 0),
    rows: (rows as RawTokenRow[]).map(fromRaw),
  };
}

/** The bound RFID tag of this number (the one a partner's reader would read). */
export async function driverTokenOfTag(db: Db, uid: string): Promise<DriverTokenRow | undefined> {
  const [row] = await tagSelect(db).where(and(eq(rfidTags.uid, uid), eq(rfidTags.isActive, true)));
  return row && fromRaw(row as RawTokenRow);
}

/** A tag's token by the tag's id, deleted or not (a push after a change). */
export async function driverTokenOfTagId(db: Db, rfidTagId: string) {
  const [row] = await tagSelect(db).where(eq(rfidTags.id, rfidTagId));
  return row && fromRaw(row as RawTokenRow);
}

/** The app token of the driver whose group tag is `uid`. */
export async function driverAppToken(db: Db, uid: string): Promise<DriverTokenRow | undefined> {
  const [row] = await appSelect(db).where(eq(groupTag, uid.toUpperCase()));
  return row && fromRaw(row as RawTokenRow);
}

/** Every token of a driver (the app's and the bound tags'), for a push after an account change. */
export async function driverTokensOfUser(db: Db, userId: string) {
  const tags = await tagSelect(db).where(
    and(eq(rfidTags.userId, userId), eq(rfidTags.isActive, true)),
  );
  const app = await appSelect(db).where(eq(users.id, userId));
  return [...app, ...tags].map((row) => fromRaw(row as RawTokenRow));
}

/** The app token of a driver by id. */
export async function driverAppTokenOf(db: Db, userId: string) {
  const [row] = await appSelect(db).where(eq(users.id, userId));
  return row && fromRaw(row as RawTokenRow);
}


/**
 * The partner's station of a Location id, and the tariff ids its EVSEs (all, or those named)
 * use: undefined when the partner has no such Location with us.
 */
export async function partnerLocationTariffIds(
  db: Db,
  partnerId: string,
  locationId: string,
  evseUids: readonly string[] | undefined,
) {
  const [station] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.roamingPartnerId, partnerId), eq(stations.ocpiLocationId, locationId)));
  if (!station) return undefined;
  const rows = await db
    .select({ evseUid: connectors.ocpiEvseUid, tariffIds: connectors.ocpiTariffIds })
    .from(connectors)
    .where(
      and(
        eq(connectors.stationId, station.id),
        evseUids && evseUids.length > 0
          ? inArray(connectors.ocpiEvseUid, [...evseUids])
          : undefined,
      ),
    );
  if (rows.length === 0) return undefined;
  return [...new Set(rows.flatMap((row) => row.tariffIds ?? []))];
}

/** The currencies of the partner's tariffs (of these ids, or all of them). */
export async function partnerTariffCurrencies(
  db: Db,
  partnerId: string,
  ids: readonly string[] | undefined,
): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ currency: roamingTariffs.currency })
    .from(roamingTariffs)
    .where(
      and(
        eq(roamingTariffs.partnerId, partnerId),
        ids ? inArray(roamingTariffs.ocpiId, [...ids]) : undefined,
      ),
    );
  return rows.map((row) => row.currency);
}

export async function insertAuthorization(
  db: Db,
  values: typeof roamingAuthorizations.$inferInsert,
): Promise<void> {
  await db.insert(roamingAuthorizations).values(values);
}

export type AuthorizationRow = typeof roamingAuthorizations.$inferSelect;

export async function findAuthorization(
  db: Db,
  partnerId: string,
  reference: string,
): Promise<AuthorizationRow | undefined> {
  const [row] = await db
    .select()
    .from(roamingAuthorizations)
    .where(
      and(
        eq(roamingAuthorizations.partnerId, partnerId),
        eq(roamingAuthorizations.reference, reference),
      ),
    );
  return row;
}

// -- Partners' drivers' tokens (CPO side) ----------------------------------------------------

export type PartnerTokenRow = typeof roamingTokens.$inferSelect;
export type PartnerTokenKey = Pick<
  PartnerTokenRow,
  'partnerId' | 'countryCode' | 'partyId' | 'uid' | 'type'
>;

const keyWhere = (key: PartnerTokenKey) =>
  and(
    eq(roamingTokens.partnerId, key.partnerId),
    eq(roamingTokens.countryCode, key.countryCode),
    eq(roamingTokens.partyId, key.partyId),
    eq(roamingTokens.uid, key.uid),
    eq(roamingTokens.type, key.type),
  );

/**
 * Keeps a partner's token unless we hold a newer one (§12.2.1.2: last_updated orders pushes; a
 * late one changes nothing, a repeated one writes the same again). True when stored.
 */
export async function upsertPartnerToken(
  db: Db,
  values: typeof roamingTokens.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(roamingTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [
        roamingTokens.partnerId,
        roamingTokens.countryCode,
        roamingTokens.partyId,
        roamingTokens.uid,
        roamingTokens.type,
      ],
      set: {
        valid: sql`excluded.valid`,
        token: sql`excluded.token`,
        lastUpdated: sql`excluded.last_updated`,
      },
      setWhere: sql`${roamingTokens.lastUpdated} <= excluded.last_updated`,
    })
    .returning({ uid: roamingTokens.uid });
  return rows.length > 0;
}

/** A partner's token, locked for the PATCH that follows. */
export async function lockPartnerToken(tx: Db, key: PartnerTokenKey) {
  const [row] = await tx.select().from(roamingTokens).where(keyWhere(key)).for('update');
  return row;
}

export async function findPartnerToken(db: Db, key: PartnerTokenKey) {
  const [row] = await db.select().from(roamingTokens).where(keyWhere(key));
  return row;
}

export async function updatePartnerToken(
  tx: Db,
  key: PartnerTokenKey,
  set: Pick<PartnerTokenRow, 'valid' | 'token' | 'lastUpdated'>,
): Promise<void> {
  await tx.update(roamingTokens).set(set).where(keyWhere(key));
}

/** The partners' tokens of this uid, the most recently updated first. */
export async function partnerTokensByUid(db: Db, uid: string) {
  return db
    .select()
    .from(roamingTokens)
    .where(eq(roamingTokens.uid, uid))
    .orderBy(desc(roamingTokens.valid), desc(roamingTokens.lastUpdated));
}
