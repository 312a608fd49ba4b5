import { randomBytes } from 'node:crypto';
import {
  credentials,
  statusCodes,
  versionDetails,
  versionList,
  type Credentials,
} from '@evcharge/api/ocpi/types';
import { callOcpi, OcpiCallError } from './client';
import { detailsPath, versionsPath, type PeerDeps } from './context';
import { OcpiError } from './http';
import type { Party, RegisteredPartner } from './store';

// The credentials exchange of OCPI 2.2.1 §7.2 from both sides: a partner registering with
// the peer (§7.2.1 with the peer as Receiver) and the peer registering with a partner
// (register(): the peer as Sender), plus the update (PUT, §7.2.2) and unregistration
// (DELETE, §7.2.3).

export const supportedVersion = '2.2.1';

export const newToken = () => randomBytes(24).toString('base64url');

/** The peer's own credentials: it is a CPO and an eMSP under one party (§7.3.1 roles). */
export function ownCredentials(deps: PeerDeps, token: string): Credentials {
  const { config } = deps;
  const role = (r: 'CPO' | 'EMSP') => ({
    role: r,
    business_details: { name: config.name },
    party_id: config.partyId,
    country_code: config.countryCode,
  });
  return { token, url: `${config.publicUrl}${versionsPath}`, roles: [role('CPO'), role('EMSP')] };
}

export const ownDetailsUrl = (deps: PeerDeps) => `${deps.config.publicUrl}${detailsPath}`;

/** The party to address in OCPI-to-* headers: the partner's first role (§4.1.4). */
export function partyOf(partner: RegisteredPartner, role?: string): Party {
  const chosen = partner.roles.find((r) => r.role === role) ?? partner.roles[0]!;
  return { countryCode: chosen.country_code, partyId: chosen.party_id };
}

/** §7.2.1: GET versions, pick 2.2.1, GET its details — with the token the partner gave. */
export async function fetchEndpoints(deps: PeerDeps, versionsUrl: string, token: string) {
  const versions = await callOcpi(deps, { method: 'GET', url: versionsUrl, token }, versionList);
  const chosen = versions.data.find((v) => v.version === supportedVersion);
  if (!chosen)
    throw new OcpiError(
      400,
      statusCodes.unsupportedVersion,
      `No mutual version: the partner offers ${versions.data.map((v) => v.version).join(', ') || 'none'}`,
    );
  const details = await callOcpi(deps, { method: 'GET', url: chosen.url, token }, versionDetails);
  if (!details.data.endpoints.some((e) => e.identifier === 'credentials'))
    throw new OcpiError(
      400,
      statusCodes.noMatchingEndpoints,
      'The partner lists no credentials endpoint',
    );
  return { version: chosen.version, endpoints: details.data.endpoints };
}

/** Errors of the partner's API during its own POST/PUT become 3001 (§5.3). */
async function endpointsForAnswer(deps: PeerDeps, versionsUrl: string, token: string) {
  try {
    return await fetchEndpoints(deps, versionsUrl, token);
  } catch (error) {
    if (error instanceof OcpiError) throw error;
    const reason = error instanceof OcpiCallError ? error.message : String(error);
    throw new OcpiError(
      400,
      statusCodes.unableToUseClientApi,
      `Unable to use the client's API: ${reason}`,
    );
  }
}

/** A partner POSTs its credentials (token B) with token A; the answer carries token C. */
export async function acceptRegistration(
  deps: PeerDeps,
  theirs: Credentials,
): Promise<Credentials> {
  const { version, endpoints } = await endpointsForAnswer(deps, theirs.url, theirs.token);
  const tokenTheyUse = newToken();
  deps.store.partner = {
    versionsUrl: theirs.url,
    version,
    endpoints,
    roles: theirs.roles,
    tokenToCallThem: theirs.token,
    tokenTheyUse,
    registeredBy: 'partner',
  };
  deps.store.isRegistrationOpen = false;
  return ownCredentials(deps, tokenTheyUse);
}

/** PUT (§7.2.2): new credentials from the partner; the endpoints are fetched again, token C rotates. */
export async function acceptUpdate(deps: PeerDeps, theirs: Credentials): Promise<Credentials> {
  const { version, endpoints } = await endpointsForAnswer(deps, theirs.url, theirs.token);
  const tokenTheyUse = newToken();
  deps.store.partner = {
    ...deps.store.partner!,
    versionsUrl: theirs.url,
    version,
    endpoints,
    roles: theirs.roles,
    tokenToCallThem: theirs.token,
    tokenTheyUse,
  };
  return ownCredentials(deps, tokenTheyUse);
}

/** DELETE (§7.2.3): the partner's tokens stop working; token A opens for a new registration. */
export function acceptUnregistration(deps: PeerDeps) {
  deps.store.partner = undefined;
  deps.store.isRegistrationOpen = true;
}

function credentialsUrl(endpoints: RegisteredPartner['endpoints']) {
  const endpoint = endpoints.find((e) => e.identifier === 'credentials');
  if (!endpoint) throw new Error('The partner lists no credentials endpoint');
  return endpoint.url;
}

/** The peer as Sender (§7.2.1): registers with the party at versionsUrl using its token A. */
export async function registerWith(
  deps: PeerDeps,
  versionsUrl: string,
  tokenA: string,
): Promise<RegisteredPartner> {
  if (deps.store.partner)
    throw new Error('The peer is already registered with a partner; unregister first');
  const { endpoints } = await fetchEndpoints(deps, versionsUrl, tokenA);
  const tokenB = newToken();
  deps.store.pendingTokens.add(tokenB);
  try {
    const answer = await callOcpi(
      deps,
      {
        method: 'POST',
        url: credentialsUrl(endpoints),
        token: tokenA,
        body: { schema: credentials, value: ownCredentials(deps, tokenB) },
      },
      credentials,
    );
    return await adopt(deps, answer.data, tokenB, 'peer');
  } finally {
    deps.store.pendingTokens.delete(tokenB);
  }
}

/** The peer's own PUT (§7.2.2): a new token for the partner, a new one from it. */
export async function updateWith(deps: PeerDeps): Promise<RegisteredPartner> {
  const partner = deps.store.partner;
  if (!partner) throw new Error('The peer is not registered with a partner');
  const tokenB = newToken();
  deps.store.pendingTokens.add(tokenB);
  try {
    const answer = await callOcpi(
      deps,
      {
        method: 'PUT',
        url: credentialsUrl(partner.endpoints),
        token: partner.tokenToCallThem,
        to: partyOf(partner),
        body: { schema: credentials, value: ownCredentials(deps, tokenB) },
      },
      credentials,
    );
    return await adopt(deps, answer.data, tokenB, partner.registeredBy);
  } finally {
    deps.store.pendingTokens.delete(tokenB);
  }
}

/** The peer's own DELETE (§7.2.3). */
export async function unregisterFrom(deps: PeerDeps) {
  const partner = deps.store.partner;
  if (!partner) throw new Error('The peer is not registered with a partner');
  await callOcpi(deps, {
    method: 'DELETE',
    url: credentialsUrl(partner.endpoints),
    token: partner.tokenToCallThem,
    to: partyOf(partner),
  });
  acceptUnregistration(deps);
}

/** After the answer: token C to call them; their endpoints fetched again with it. */
async function adopt(
  deps: PeerDeps,
  theirs: Credentials,
  tokenTheyUse: string,
  registeredBy: RegisteredPartner['registeredBy'],
) {
  const { version, endpoints } = await fetchEndpoints(deps, theirs.url, theirs.token);
  const partner: RegisteredPartner = {
    versionsUrl: theirs.url,
    version,
    endpoints,
    roles: theirs.roles,
    tokenToCallThem: theirs.token,
    tokenTheyUse,
    registeredBy,
  };
  deps.store.partner = partner;
  deps.store.isRegistrationOpen = false;
  return partner;
}
