import { randomUUID } from 'node:crypto';
import {
  locationReferences,
  ocpiDateTime,
  type AuthorizationInfo,
  type OcpiToken,
} from '@evcharge/api/ocpi/types';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { roamingTokenTypes } from '../../db/schema/roaming';
import { walletCurrencyOf } from '../ledger';
import { checkIdTag, decidePayment, driverGroupTag } from '../sessions';
import type { RoamingDeps } from './credentials';
import type { PartnerRow } from './repo';
import {
  driverAppToken,
  driverTokenOfTag,
  driverTokenPage,
  findAuthorization,
  insertAuthorization,
  partnerLocationTariffIds,
  partnerTariffCurrencies,
  type AuthorizationRow,
  type DriverTokenRow,
} from './tokens-repo';

// OCPI 2.2.1 §12 Tokens, both ways (SPEC §1 roaming).
// As an eMSP: our drivers' tokens — each bound RFID tag, and one APP_USER token per driver
// for commands from our app — for partners to pull (§12.2.2.1, Sender interface), and the
// real-time authorization of a token at a partner's station (§12.2.2.2), decided by the same start
// rules as every other way in (sessions start-rules.ts decidePayment; SPEC "a rule about money
// or access lives in one place"), plus roaming's own: a station of that partner, and a rate
// from its tariff's currency into the driver's wallet (brand.roaming.rates).
// As a CPO: partners' drivers' tokens pushed to our Tokens RECEIVER (partner-tokens.ts).

export type TokenType = (typeof roamingTokenTypes)[number];

/**
 * §12.4.5 WhitelistType: a partner asks us in real time, so the start rules decide every start
 * — a tag ALLOWED (the partner may let it charge when it cannot reach us), the app's token
 * NEVER (§12.4.4: "whitelisting them has no advantages").
 */
const whitelistOf = (type: 'RFID' | 'APP_USER') => (type === 'RFID' ? 'ALLOWED' : 'NEVER');

/**
 * The driver's contract (eMA-ID style, ISO 15118: country, party, 'C', an id): every token of a
 * driver carries it, so a partner's Session or CDR names the driver whatever token started it.
 */
export function contractIdOf(deps: Pick<RoamingDeps, 'config'>, userId: string): string {
  const { countryCode, partyId } = deps.config.ocpi;
  return `${countryCode}-${partyId}-C${driverGroupTag(userId).slice(1, 10)}`;
}

function tokenOf(
  deps: Pick<RoamingDeps, 'config' | 'brand'>,
  row: {
    type: 'RFID' | 'APP_USER';
    uid: string;
    userId: string;
    valid: boolean;
    lastUpdated: Date;
  },
): OcpiToken {
  return {
    country_code: deps.config.ocpi.countryCode,
    party_id: deps.config.ocpi.partyId,
    uid: row.uid,
    type: row.type,
    contract_id: contractIdOf(deps, row.userId),
    issuer: deps.brand.title.slice(0, 64),
    group_id: driverGroupTag(row.userId),
    valid: row.valid,
    whitelist: whitelistOf(row.type),
    last_updated: ocpiDateTime(row.lastUpdated),
  };
}

/** A tag is good while neither it nor its account is blocked or deleted. */
const isValid = (row: DriverTokenRow) =>
  !row.isTagBlocked && !row.isTagDeleted && !row.isBlocked && !row.isDeleted;

/** The OCPI Token of one of our drivers' tokens as the database holds it. */
export const driverToken = (deps: Pick<RoamingDeps, 'config' | 'brand'>, row: DriverTokenRow) =>
  tokenOf(deps, { ...row, valid: isValid(row) });

/**
 * The driver's APP_USER token (§12.4.4), for commands our app sends a partner (§13 START_SESSION
 * carries it): uid the driver's group tag. Valid unless `facts` say otherwise, last updated now
 * unless given; the Tokens SENDER lists it with the account's own state.
 */
export function appTokenOf(
  deps: Pick<RoamingDeps, 'config' | 'brand'>,
  userId: string,
  facts: { valid?: boolean; lastUpdated?: Date } = {},
): OcpiToken {
  return tokenOf(deps, {
    type: 'APP_USER',
    uid: driverGroupTag(userId),
    userId,
    valid: facts.valid ?? true,
    lastUpdated: facts.lastUpdated ?? new Date(),
  });
}

/** §12.2.2.1: a page of our drivers' tokens for a partner. */
export async function ourTokens(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<{ items: OcpiToken[]; total: number }> {
  const page = await driverTokenPage(deps.db, query);
  return { items: page.rows.map((row) => driverToken(deps, row)), total: page.total };
}

// -- Real-time authorization (§12.2.2.2) -----------------------------------------------------

export type AuthorizeRequest = { uid: string; type: TokenType; body: unknown };

/** Why an authorization request cannot be answered with AuthorizationInfo. */
export class TokenRefusal extends Error {
  constructor(
    readonly reason: 'unknownToken' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'TokenRefusal';
  }
}

type Allowed = AuthorizationInfo['allowed'];

/** How a refusal of the start rules reads to a partner (§12.4.1 AllowedType). */
function allowedOf(error: AppError): Allowed {
  switch (error.code) {
    case 'ACCOUNT_BLOCKED':
    case 'UNAUTHORIZED':
      return 'BLOCKED';
    case 'DEBT_BLOCKS':
    case 'INSUFFICIENT_FUNDS':
    case 'COMPANY_BALANCE_INSUFFICIENT':
    case 'CARD_BLOCKED':
      return 'NO_CREDIT';
    default:
      return 'NOT_ALLOWED';
  }
}

/** The driver's token of this uid and type, and the tag behind it; undefined: unknown to us. */
async function presentedToken(db: Db, uid: string, type: TokenType) {
  if (type === 'RFID') {
    // The start rules' own reading of a tag: Blocked for a blocked tag or account.
    const verdict = await checkIdTag(db, uid);
    if (verdict.status === 'Invalid') return undefined;
    if (verdict.status === 'Accepted' && verdict.rfidTagId === null) return undefined;
    const row = await driverTokenOfTag(db, uid);
    return row && { row, isBlocked: verdict.status !== 'Accepted' };
  }
  if (type === 'APP_USER') {
    const row = await driverAppToken(db, uid);
    return row && { row, isBlocked: row.isBlocked || row.isDeleted };
  }
  return undefined;
}

/**
 * Whether the partner's tariffs there can be paid from the driver's wallet: the Location (when
 * named) must be the partner's, and each currency its tariffs are in must have a rate into the
 * wallet's currency (brand.roaming.rates); a place we cannot price is not allowed.
 */
async function isPayableThere(
  deps: Pick<RoamingDeps, 'db' | 'brand'>,
  partner: PartnerRow,
  where: { location_id: string; evse_uids?: string[] | undefined } | undefined,
  walletCurrency: string,
): Promise<boolean> {
  let tariffIds: string[] | undefined;
  if (where) {
    const named = await partnerLocationTariffIds(
      deps.db,
      partner.id,
      where.location_id,
      where.evse_uids,
    );
    if (!named) return false;
    // EVSEs that name no tariff: the partner's default applies, one of its tariffs.
    tariffIds = named.length > 0 ? named : undefined;
  }
  const currencies = await partnerTariffCurrencies(deps.db, partner.id, tariffIds);
  if (currencies.length === 0) return false;
  return currencies.every(
    (currency) => deps.brand.roaming.rates[currency.toLowerCase()]?.[walletCurrency] !== undefined,
  );
}

/**
 * §12.2.2.2: may our driver's token charge at the partner's station? Unknown tokens are a
 * TokenRefusal('unknownToken') (HTTP 404, 2004). Every answer is recorded under a fresh
 * authorization_reference, which the partner's Session and CDR carry back.
 */
export async function authorizeToken(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  partner: PartnerRow,
  request: AuthorizeRequest,
): Promise<AuthorizationInfo> {
  let where: { location_id: string; evse_uids?: string[] | undefined } | undefined;
  if (request.body !== undefined && request.body !== null && request.body !== '') {
    const parsed = locationReferences.safeParse(request.body);
    if (!parsed.success)
      throw new TokenRefusal(
        'invalid',
        `LocationReferences: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    where = parsed.data;
  }
  const presented = await presentedToken(deps.db, request.uid, request.type);
  if (!presented) throw new TokenRefusal('unknownToken', 'unknown token');
  const { row } = presented;
  const allowed = await decide(deps, partner, row, presented.isBlocked, where);
  const reference = randomUUID();
  await insertAuthorization(deps.db, {
    reference,
    partnerId: partner.id,
    tokenUid: row.uid,
    tokenType: row.type,
    userId: row.userId,
    rfidTagId: row.rfidTagId,
    locationId: where?.location_id ?? null,
    evseUids: where?.evse_uids ?? null,
    allowed,
    at: new Date(),
  });
  return {
    allowed,
    token: driverToken(deps, row),
    // §12.3.1: the Location only when the driver may charge there.
    ...(where && allowed === 'ALLOWED' ? { location: where } : {}),
    authorization_reference: reference,
  };
}

async function decide(
  deps: Pick<RoamingDeps, 'db' | 'brand'>,
  partner: PartnerRow,
  row: DriverTokenRow,
  isBlocked: boolean,
  where: { location_id: string; evse_uids?: string[] | undefined } | undefined,
): Promise<Allowed> {
  if (isBlocked) return 'BLOCKED';
  const walletCurrency = await walletCurrencyOf(deps.db, row.userId);
  if (!walletCurrency) return 'BLOCKED';
  if (!(await isPayableThere(deps, partner, where, walletCurrency))) return 'NOT_ALLOWED';
  try {
    // The start rules decide the money, as for a start at our own station: the driver's row
    // is locked for the decision only (the transaction reads and ends).
    // Priced in the wallet's currency (roaming-price.ts): no rate of a station's currency.
    await deps.db.transaction((tx) => decidePayment(tx, row.userId, walletCurrency, {}));
    return 'ALLOWED';
  } catch (error) {
    if (error instanceof AppError) return allowedOf(error);
    throw error;
  }
}

/**
 * The authorization we gave a partner under this reference (its Session or CDR names it,
 * §9.3.1 authorization_reference): who, with which tag, where, and what we answered.
 */
export function authorizationByReference(
  db: Db,
  partnerId: string,
  reference: string,
): Promise<AuthorizationRow | undefined> {
  return findAuthorization(db, partnerId, reference);
}
