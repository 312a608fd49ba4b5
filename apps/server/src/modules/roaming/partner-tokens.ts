import {
  parseDateTime,
  token as tokenSchema,
  tokenPatch,
  type OcpiToken,
} from '@evcharge/api/ocpi/types';
import type { Db } from '../../db/client';
import type { RoamingDeps } from './credentials';
import type { PartnerRow } from './repo';
import { TokenRefusal, type TokenType } from './tokens';
import {
  findPartnerToken,
  lockPartnerToken,
  partnerTokensByUid,
  updatePartnerToken,
  upsertPartnerToken,
  type PartnerTokenRow,
} from './tokens-repo';

// OCPI 2.2.1 §12 Tokens as a CPO: partners' drivers' tokens pushed to our Tokens RECEIVER
// (§12.2.1, Receiver interface: PUT, PATCH, GET of one), stored for the sessions at our stations
// (SPEC §1 roaming). Our own drivers' tokens, as an eMSP, are tokens.ts.

export type TokenPush = {
  method: 'PUT' | 'PATCH';
  countryCode: string;
  partyId: string;
  uid: string;
  type: TokenType;
  body: unknown;
};

/** The partner may push tokens of its own parties only (§4.1.4, its credentials' roles). */
function ownParty(partner: PartnerRow, countryCode: string, partyId: string) {
  const cc = countryCode.toUpperCase();
  const pid = partyId.toUpperCase();
  return partner.roles.some((role) => role.countryCode === cc && role.partyId === pid);
}

const keyOf = (
  partner: PartnerRow,
  push: Pick<TokenPush, 'countryCode' | 'partyId' | 'uid' | 'type'>,
) => ({
  partnerId: partner.id,
  countryCode: push.countryCode.toUpperCase(),
  partyId: push.partyId.toUpperCase(),
  uid: push.uid,
  type: push.type,
});

/**
 * §12.2.1.2 PUT and §12.2.1.3 PATCH of a partner's driver's token. A push older than the one
 * we hold changes nothing (last_updated orders them); a PATCH of a token we do not hold is
 * unknown (2004); ids that differ from the URL's, or another party's, are refused (2001).
 */
export async function receiveTokenPush(
  deps: Pick<RoamingDeps, 'db'>,
  partner: PartnerRow,
  push: TokenPush,
): Promise<void> {
  if (!ownParty(partner, push.countryCode, push.partyId))
    throw new TokenRefusal(
      'invalid',
      `${push.countryCode}/${push.partyId} is not the partner's party`,
    );
  const key = keyOf(partner, push);
  if (push.method === 'PUT') {
    const parsed = tokenSchema.safeParse(push.body);
    if (!parsed.success)
      throw new TokenRefusal(
        'invalid',
        `Token: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    const value = parsed.data;
    if (
      value.country_code.toUpperCase() !== key.countryCode ||
      value.party_id.toUpperCase() !== key.partyId ||
      value.uid !== key.uid ||
      value.type !== key.type
    )
      throw new TokenRefusal('invalid', "the token's ids differ from the URL's");
    await upsertPartnerToken(deps.db, {
      ...key,
      valid: value.valid,
      token: value,
      lastUpdated: parseDateTime(value.last_updated),
    });
    return;
  }
  const parsed = tokenPatch.safeParse(push.body);
  if (!parsed.success)
    throw new TokenRefusal(
      'invalid',
      `Token patch: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    );
  const patch = parsed.data;
  await deps.db.transaction(async (tx) => {
    const held = await lockPartnerToken(tx, key);
    if (!held) throw new TokenRefusal('unknownToken', 'unknown token');
    const at = parseDateTime(patch.last_updated);
    if (at < held.lastUpdated) return;
    const merged = tokenSchema.safeParse({
      ...(held.token as OcpiToken),
      ...patch,
      country_code: (held.token as OcpiToken).country_code,
      party_id: (held.token as OcpiToken).party_id,
      uid: held.uid,
      type: held.type,
    });
    if (!merged.success)
      throw new TokenRefusal(
        'invalid',
        `Token: ${merged.error.issues[0]?.path.join('.')} ${merged.error.issues[0]?.message}`,
      );
    await updatePartnerToken(tx, key, {
      valid: merged.data.valid,
      token: merged.data,
      lastUpdated: at,
    });
  });
}

/** §12.2.1.1 GET of one token the partner pushed; undefined when we do not hold it. */
export async function partnerToken(
  deps: Pick<RoamingDeps, 'db'>,
  partner: PartnerRow,
  key: Pick<TokenPush, 'countryCode' | 'partyId' | 'uid' | 'type'>,
): Promise<OcpiToken | undefined> {
  const row = await findPartnerToken(deps.db, keyOf(partner, key));
  return row?.token as OcpiToken | undefined;
}

export type PartnerToken = { partnerId: string; token: OcpiToken; lastUpdated: Date };

/**
 * A partner's driver's token of this uid (a card at our reader): a valid one first, then the
 * most recently updated; undefined when no partner pushed it.
 */
export async function partnerTokenByUid(db: Db, uid: string): Promise<PartnerToken | undefined> {
  const [row] = await partnerTokensByUid(db, uid);
  return row && toPartnerToken(row);
}

const toPartnerToken = (row: PartnerTokenRow): PartnerToken => ({
  partnerId: row.partnerId,
  token: row.token as OcpiToken,
  lastUpdated: row.lastUpdated,
});
