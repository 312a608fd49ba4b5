import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, tstz } from './columns';
import { rfidTags } from './driver';
import { users } from './users';

// SPEC §1 "Stations of other operators appear through roaming", over OCPI 2.2.1. A roaming
// partner is another party on the network (a CPO whose stations our drivers use, an eMSP whose
// drivers use ours), linked by the credentials handshake (OCPI 2.2.1 §7).

export const roamingPartnerStatuses = [
  /** We handed out a registration token (token A); the partner has not registered yet. */
  'invited',
  /**
   * We are registering with the partner: it may read our versions with the token we sent it
   * while it answers our POST (§7.2.1), nothing else.
   */
  'registering',
  /** Credentials exchanged: both sides call each other. */
  'registered',
  /** Unregistered by either side (§7.2.5): nothing of theirs is accepted any more. */
  'unregistered',
] as const;
export type RoamingPartnerStatus = (typeof roamingPartnerStatuses)[number];

/** One endpoint of the partner's version details (OCPI 2.2.1 §6.2.1.1). */
export type PartnerEndpoint = { identifier: string; role: 'SENDER' | 'RECEIVER'; url: string };
/** A role the partner plays (OCPI 2.2.1 §7.3.1 CredentialsRole), as it told us. */
export type PartnerRole = {
  role: string;
  countryCode: string;
  partyId: string;
  name: string;
};

export const roamingPartners = pgTable(
  'roaming_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The partner's name as its credentials give it (its first role's business details). */
    name: text('name').notNull(),
    /** The party it is (its CPO role's, else its first): ISO 3166 alpha-2 and party id. */
    countryCode: text('country_code'),
    partyId: text('party_id'),
    roles: jsonb('roles').$type<PartnerRole[]>().notNull().default([]),
    status: text('status', { enum: roamingPartnerStatuses }).notNull(),
    /**
     * SHA-256 of the token the partner calls us with: token A while invited, then the token we
     * gave it in the handshake. Tokens are 256-bit random, so a fast hash is enough; the token
     * itself is never stored (DESIGN.md security: stored hashed where we check it).
     */
    inboundTokenHash: text('inbound_token_hash').unique('roaming_partners_inbound_token_unique'),
    /**
     * SHA-256 of a token we are giving the partner in a credentials update (§7.2.2): good, beside
     * the current one, while the partner checks our versions with it before it answers.
     */
    pendingTokenHash: text('pending_token_hash').unique('roaming_partners_pending_token_unique'),
    /** The token we call the partner with (its token for us); needed as it is. */
    outboundToken: text('outbound_token'),
    /** The partner's versions URL and the version we agreed on, with its endpoints. */
    versionsUrl: text('versions_url'),
    version: text('version'),
    endpoints: jsonb('endpoints').$type<PartnerEndpoint[]>().notNull().default([]),
    /** The last complete pull of the partner's locations: the next pull asks from here. */
    locationsPulledAt: tstz('locations_pulled_at'),
    tariffsPulledAt: tstz('tariffs_pulled_at'),
    registeredAt: tstz('registered_at'),
    /**
     * SPEC §1 roaming, our side as CPO: the account the partner's drivers charge on at our
     * stations (sessions belong to it). Its wallet is what the partner owes us for them, so it
     * runs negative between settlements; nobody signs in to it.
     */
    accountUserId: uuid('account_user_id')
      .references(() => users.id)
      .unique('roaming_partners_account_user_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    check('roaming_partners_status_check', oneOf(t.status, roamingPartnerStatuses)),
    check(
      'roaming_partners_registered_check',
      sql`${t.status} <> 'registered' or (${t.outboundToken} is not null and ${t.versionsUrl} is not null and ${t.inboundTokenHash} is not null)`,
    ),
  ],
);

/**
 * A partner's tariff as it sent it (OCPI 2.2.1 §11.3.1), kept whole: the station page shows
 * it and the estimate prices it (domain/roaming-tariff.ts); `lastUpdated` orders its updates.
 */
export const roamingTariffs = pgTable(
  'roaming_tariffs',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    /** The OCPI country code and party id of the tariff's owner, and its id (§11.3.1). */
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    ocpiId: text('ocpi_id').notNull(),
    currency: text('currency').notNull(),
    /** The Tariff object, validated (packages/api ocpi/types.ts). */
    tariff: jsonb('tariff').notNull(),
    lastUpdated: tstz('last_updated').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.countryCode, t.partyId, t.ocpiId] }),
    index('roaming_tariffs_partner_idx').on(t.partnerId),
  ],
);

/** OCPI 2.2.1 §12.4.4 TokenType and §12.4.1 AllowedType. */
export const roamingTokenTypes = ['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'] as const;
export const roamingAllowedTypes = ['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const;

/**
 * A partner's driver's token (OCPI 2.2.1 §12.3.2), as its eMSP pushed it to our Tokens
 * RECEIVER (§12.2.1), kept whole; `lastUpdated` orders its updates. Ours are not stored: they
 * are our drivers' RFID tags and accounts (roaming/tokens.ts).
 */
export const roamingTokens = pgTable(
  'roaming_tokens',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    /** The token's owner (upper case) and its ids (§12.3.2: country, party, uid and type). */
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    uid: text('uid').notNull(),
    type: text('type', { enum: roamingTokenTypes }).notNull(),
    valid: boolean('valid').notNull(),
    /** The Token object, validated (packages/api ocpi/types.ts). */
    token: jsonb('token').notNull(),
    lastUpdated: tstz('last_updated').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.countryCode, t.partyId, t.uid, t.type] }),
    index('roaming_tokens_uid_idx').on(t.uid),
    check('roaming_tokens_type_check', oneOf(t.type, roamingTokenTypes)),
  ],
);

/**
 * A real-time authorization we gave a partner for one of our drivers (OCPI 2.2.1 §12.2.2.2):
 * its reference comes back on the partner's Session and CDR (§9.3.1, §10.3.1), which ties them
 * to the driver and the tag.
 */
export const roamingAuthorizations = pgTable(
  'roaming_authorizations',
  {
    /** The authorization_reference we answered (CiString(36)). */
    reference: text('reference').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    tokenUid: text('token_uid').notNull(),
    tokenType: text('token_type', { enum: roamingTokenTypes }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The RFID tag presented; null for the app's token (or once the account was deleted). */
    rfidTagId: uuid('rfid_tag_id').references(() => rfidTags.id, { onDelete: 'set null' }),
    /** Where the driver stood (§12.4.3 LocationReferences), when the partner said. */
    locationId: text('location_id'),
    evseUids: jsonb('evse_uids').$type<string[]>(),
    allowed: text('allowed', { enum: roamingAllowedTypes }).notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [
    index('roaming_authorizations_partner_idx').on(t.partnerId, t.at),
    check('roaming_authorizations_token_type_check', oneOf(t.tokenType, roamingTokenTypes)),
    check('roaming_authorizations_allowed_check', oneOf(t.allowed, roamingAllowedTypes)),
  ],
);
