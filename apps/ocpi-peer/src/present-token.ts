import { authorizationInfo, locationReferences, type OcpiSession } from '@evcharge/api/ocpi/types';
import { callOcpi, OcpiCallError } from './client';
import type { PeerDeps } from './context';
import { partyOf } from './credentials';
import { findEvse } from './network';
import type { Pusher } from './pushes';
import { startSession, type SessionSettings } from './sessions';

// A driver of the partner holds a card to a reader at one of the peer's stations. A card the
// partner pushed as whitelist ALWAYS starts at once (OCPI 2.2.1 §12.4.4, auth_method
// WHITELIST); any other is authorized in real time at the partner's Tokens SENDER
// (§12.2.2.3 POST {tokens}/{uid}/authorize with LocationReferences) and charges when ALLOWED
// (auth_method AUTH_REQUEST).

export type Presented = {
  /** The partner's answer (§12.4.1 AllowedType), or UNKNOWN when it does not know the card. */
  allowed: 'ALLOWED' | 'BLOCKED' | 'EXPIRED' | 'NO_CREDIT' | 'NOT_ALLOWED' | 'UNKNOWN';
  session?: OcpiSession;
};

export async function presentToken(
  deps: PeerDeps,
  pusher: Pusher,
  settings: SessionSettings,
  card: {
    uid: string;
    locationId: string;
    evseUid: string;
    type?: 'RFID' | 'APP_USER' | 'AD_HOC_USER' | 'OTHER';
  },
): Promise<Presented> {
  const type = card.type ?? 'RFID';
  if (!findEvse(deps, card.locationId, card.evseUid))
    throw new Error(`No EVSE ${card.evseUid} at ${card.locationId}`);
  const partner = deps.store.partner;
  const start = (
    token: {
      country_code: string;
      party_id: string;
      uid: string;
      type: typeof type;
      contract_id: string;
    },
    extra: { authMethod: OcpiSession['auth_method']; authorizationReference?: string },
  ) =>
    startSession(
      deps,
      pusher,
      {
        cdrToken: {
          country_code: token.country_code,
          party_id: token.party_id,
          uid: token.uid,
          type: token.type,
          contract_id: token.contract_id,
        },
        locationId: card.locationId,
        evseUid: card.evseUid,
        ...extra,
      },
      settings,
    );

  if (partner) {
    const cached = [...deps.store.partnerTokens.values()].find(
      (t) => t.uid === card.uid && t.type === type,
    );
    if (cached?.valid && cached.whitelist === 'ALWAYS')
      return { allowed: 'ALLOWED', session: await start(cached, { authMethod: 'WHITELIST' }) };
  }
  const endpoint = partner?.endpoints.find((e) => e.identifier === 'tokens' && e.role === 'SENDER');
  if (!partner || !endpoint) return { allowed: 'UNKNOWN' };
  const where = locationReferences.parse({
    location_id: card.locationId,
    evse_uids: [card.evseUid],
  });
  try {
    const answer = await callOcpi(
      deps,
      {
        method: 'POST',
        url: `${endpoint.url.replace(/\/$/, '')}/${encodeURIComponent(card.uid)}/authorize?type=${type}`,
        token: partner.tokenToCallThem,
        to: partyOf(partner, 'EMSP'),
        body: { schema: locationReferences, value: where },
      },
      authorizationInfo,
    );
    const info = answer.data;
    if (info.allowed !== 'ALLOWED') return { allowed: info.allowed };
    const session = await start(info.token, {
      authMethod: 'AUTH_REQUEST',
      ...(info.authorization_reference
        ? { authorizationReference: info.authorization_reference }
        : {}),
    });
    return { allowed: 'ALLOWED', session };
  } catch (error) {
    // §12.2.2.3: 2004 Unknown Token when the eMSP does not know the card.
    if (error instanceof OcpiCallError && error.ocpiStatus === 2004) return { allowed: 'UNKNOWN' };
    throw error;
  }
}
