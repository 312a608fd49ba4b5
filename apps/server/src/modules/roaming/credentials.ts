import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  credentials as credentialsSchema,
  versionDetails,
  versionList,
  type Credentials,
  type InterfaceRole,
  type ModuleId,
} from '@evcharge/api/ocpi/types';
import type { Deps } from '../../deps';
import type { PartnerEndpoint, PartnerRole } from '../../db/schema/roaming';
import { ocpiCall, OcpiCallError, type CallTarget } from './client';
import {
  deletePartner,
  findPartner,
  insertPartner,
  updatePartnerFrom,
  type PartnerRegistration,
  type PartnerRow,
} from './repo';

// OCPI 2.2.1 §7 Credentials: how two parties link. The one who registers (A) holds a token the
// other (B) handed out of band (token A); it sends B its own credentials (the token B is to call
// it with), and B answers with its credentials (the token A is to use from now on; token A
// stops working). Both then know each other's versions and endpoints. Either side may update
// (PUT: new tokens, new endpoints) or unregister (DELETE). We do both roles: we invite a partner
// (invitePartner) and answer its registration, or register with a partner (registerWith).

export type RoamingDeps = Pick<Deps, 'db' | 'config' | 'brand' | 'stationReadModel'>;

export const OCPI_VERSION = '2.2.1';

/** A fresh token: 256 random bits, base64url (43 characters, within CiString(64)). */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const versionsUrlOf = (deps: Pick<RoamingDeps, 'config'>) =>
  `${deps.config.ocpi.publicUrl}/ocpi/versions`;
export const versionDetailsUrlOf = (deps: Pick<RoamingDeps, 'config'>) =>
  `${deps.config.ocpi.publicUrl}/ocpi/${OCPI_VERSION}`;

/** The modules we offer a partner (§6.2.1.1), with the URLs of our endpoints. */
export function ourEndpoints(deps: Pick<RoamingDeps, 'config'>): PartnerEndpoint[] {
  const base = versionDetailsUrlOf(deps);
  return [
    { identifier: 'credentials', role: 'SENDER', url: `${base}/credentials` },
    { identifier: 'credentials', role: 'RECEIVER', url: `${base}/credentials` },
    // As an eMSP: partners' locations and tariffs pushed to us.
    { identifier: 'locations', role: 'RECEIVER', url: `${base}/emsp/locations` },
    { identifier: 'tariffs', role: 'RECEIVER', url: `${base}/emsp/tariffs` },
    { identifier: 'sessions', role: 'RECEIVER', url: `${base}/emsp/sessions` },
    { identifier: 'cdrs', role: 'RECEIVER', url: `${base}/emsp/cdrs` },
    { identifier: 'commands', role: 'SENDER', url: `${base}/emsp/commands` },
    // Our drivers' tokens, and their real-time authorization (§12.2.2.2).
    { identifier: 'tokens', role: 'SENDER', url: `${base}/emsp/tokens` },
    // As a CPO: our stations and tariffs for partners' drivers.
    { identifier: 'locations', role: 'SENDER', url: `${base}/cpo/locations` },
    { identifier: 'tariffs', role: 'SENDER', url: `${base}/cpo/tariffs` },
    { identifier: 'sessions', role: 'SENDER', url: `${base}/cpo/sessions` },
    { identifier: 'cdrs', role: 'SENDER', url: `${base}/cpo/cdrs` },
    { identifier: 'tokens', role: 'RECEIVER', url: `${base}/cpo/tokens` },
  ];
}

/** Our credentials for a partner, with the token it is to call us with (§7.3.1). */
export function ourCredentials(deps: Pick<RoamingDeps, 'config' | 'brand'>, token: string): Credentials {
  const party = {
    business_details: { name: deps.brand.title },
    party_id: deps.config.ocpi.partyId,
    country_code: deps.config.ocpi.countryCode,
  };
  return {
    token,
    url: versionsUrlOf(deps),
    roles: [
      { role: 'EMSP', ...party },
      { role: 'CPO', ...party },
    ],
  };
}

export function callTarget(
  deps: Pick<RoamingDeps, 'config'>,
  token: string,
  partner?: Pick<PartnerRow, 'countryCode' | 'partyId'>,
): CallTarget {
  return {
    token,
    timeoutMs: deps.config.ocpi.callTimeoutSeconds * 1000,
    from: { countryCode: deps.config.ocpi.countryCode, partyId: deps.config.ocpi.partyId },
    to: partner ? { countryCode: partner.countryCode, partyId: partner.partyId } : undefined,
  };
}

/** The partner's endpoint of a module in a role, when it offers one. */
export function endpointOf(
  partner: Pick<PartnerRow, 'endpoints'>,
  identifier: ModuleId,
  role: InterfaceRole,
): string | undefined {
  return partner.endpoints.find((e) => e.identifier === identifier && e.role === role)?.url;
}

/** Why a registration failed, for the one who asked (the CLI, or an OCPI error answer). */
export class RegistrationError extends Error {
  constructor(
    readonly reason: 'noCommonVersion' | 'noCredentialsEndpoint' | 'partnerRefused' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'RegistrationError';
  }
}

const rolesOf = (credentials: Credentials): PartnerRole[] =>
  credentials.roles.map((role) => ({
    role: role.role,
    countryCode: role.country_code.toUpperCase(),
    partyId: role.party_id.toUpperCase(),
    name: role.business_details.name,
  }));

/** The party a partner is: its CPO role's (whose stations we show), else its first. */
function partyOf(roles: readonly PartnerRole[]) {
  const main = roles.find((role) => role.role === 'CPO') ?? roles[0];
  return {
    name: main?.name ?? 'Partner',
    countryCode: main?.countryCode ?? null,
    partyId: main?.partyId ?? null,
  };
}

/**
 * §6.1, §6.2: the partner's versions, the one we share (2.2.1), and its endpoints there,
 * asked with `token`.
 */
async function partnerVersion(
  deps: Pick<RoamingDeps, 'config'>,
  versionsUrl: string,
  token: string,
): Promise<{ version: string; endpoints: PartnerEndpoint[] }> {
  const target = callTarget(deps, token);
  const versions = await ocpiCall(target, { method: 'GET', url: versionsUrl, data: versionList });
  const common = versions.find((v) => v.version === OCPI_VERSION);
  if (!common)
    throw new RegistrationError(
      'noCommonVersion',
      `the partner offers ${versions.map((v) => v.version).join(', ') || 'no version'}, not ${OCPI_VERSION}`,
    );
  const details = await ocpiCall(target, { method: 'GET', url: common.url, data: versionDetails });
  return { version: OCPI_VERSION, endpoints: details.endpoints };
}

function registrationOf(
  credentials: Credentials,
  found: { version: string; endpoints: PartnerEndpoint[] },
): PartnerRegistration {
  const roles = rolesOf(credentials);
  return { ...partyOf(roles), roles, versionsUrl: credentials.url, ...found };
}

/** A partner we will let register with us: its row and the token A to hand it out of band. */
export async function invitePartner(deps: Pick<RoamingDeps, 'db'>, name: string) {
  const tokenA = newToken();
  const partner = await insertPartner(deps.db, {
    name,
    status: 'invited',
    inboundTokenHash: hashToken(tokenA),
  });
  return { partner, tokenA };
}

/**
 * §7.2.1 answered (POST /credentials): an invited partner sends its credentials with token A.
 * We read its versions with its token, issue ours, and token A stops working. A partner that
 * is registered already must update (PUT) instead: §7.2.1 "405 Method not allowed".
 */
export async function acceptRegistration(
  deps: RoamingDeps,
  partner: PartnerRow,
  body: Credentials,
): Promise<Credentials> {
  if (partner.status !== 'invited') throw new RegistrationError('partnerRefused', 'already registered');
  const found = await partnerVersion(deps, body.url, body.token);
  const ours = newToken();
  const registered = await updatePartnerFrom(deps.db, partner.id, ['invited'], {
    ...registrationOf(body, found),
    status: 'registered',
    inboundTokenHash: hashToken(ours),
    outboundToken: body.token,
    registeredAt: new Date(),
  });
  if (!registered) throw new RegistrationError('partnerRefused', 'registered meanwhile');
  return ourCredentials(deps, ours);
}

/** §7.2.2 answered (PUT /credentials): new credentials of a registered partner; new token for it. */
export async function acceptUpdate(
  deps: RoamingDeps,
  partner: PartnerRow,
  body: Credentials,
): Promise<Credentials> {
  const found = await partnerVersion(deps, body.url, body.token);
  const ours = newToken();
  const updated = await updatePartnerFrom(deps.db, partner.id, ['registered'], {
    ...registrationOf(body, found),
    inboundTokenHash: hashToken(ours),
    outboundToken: body.token,
  });
  if (!updated) throw new RegistrationError('partnerRefused', 'not registered');
  return ourCredentials(deps, ours);
}

/** §7.2.5 answered (DELETE /credentials): nothing of the partner is accepted from now on. */
export async function acceptUnregistration(deps: Pick<RoamingDeps, 'db'>, partner: PartnerRow) {
  await updatePartnerFrom(deps.db, partner.id, ['registered'], {
    status: 'unregistered',
    inboundTokenHash: null,
    pendingTokenHash: null,
    outboundToken: null,
  });
}

function credentialsEndpoint(endpoints: readonly PartnerEndpoint[]) {
  const url =
    endpoints.find((e) => e.identifier === 'credentials' && e.role === 'RECEIVER')?.url ??
    endpoints.find((e) => e.identifier === 'credentials')?.url;
  if (!url) throw new RegistrationError('noCredentialsEndpoint', 'the partner has no credentials endpoint');
  return url;
}

async function sendCredentials(
  deps: RoamingDeps,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  ours: string,
): Promise<Credentials> {
  try {
    return await ocpiCall(callTarget(deps, token), {
      method,
      url,
      body: ourCredentials(deps, ours),
      data: credentialsSchema,
    });
  } catch (error) {
    if (error instanceof OcpiCallError)
      throw new RegistrationError(
        error.failure === 'timeout' || error.failure === 'unreachable' ? 'unreachable' : 'partnerRefused',
        error.message,
      );
    throw error;
  }
}

/**
 * §7.2.1 from our side: we register with a partner that gave us `tokenA` for `versionsUrl`.
 * The partner is stored only once the handshake is complete.
 */
export async function registerWith(
  deps: RoamingDeps,
  versionsUrl: string,
  tokenA: string,
): Promise<PartnerRow> {
  const found = await partnerVersion(deps, versionsUrl, tokenA);
  const ours = newToken();
  // The partner reads our versions with `ours` before it answers: it must work by then.
  const pending = await insertPartner(deps.db, {
    name: versionsUrl,
    status: 'registering',
    inboundTokenHash: hashToken(ours),
    versionsUrl,
  });
  try {
    const theirs = await sendCredentials(deps, 'POST', credentialsEndpoint(found.endpoints), tokenA, ours);
    // Its endpoints as its own token shows them (they may differ from what token A showed).
    const confirmed = await partnerVersion(deps, theirs.url, theirs.token);
    const registered = await updatePartnerFrom(deps.db, pending.id, ['registering'], {
      ...registrationOf(theirs, confirmed),
      status: 'registered',
      outboundToken: theirs.token,
      registeredAt: new Date(),
    });
    if (!registered) throw new RegistrationError('partnerRefused', 'registration withdrawn');
    return registered;
  } catch (error) {
    await deletePartner(deps.db, pending.id);
    throw error;
  }
}

/** §7.2.2 from our side: new tokens both ways (a rotation), and the partner's endpoints again. */
export async function updateWith(deps: RoamingDeps, partnerId: string): Promise<PartnerRow> {
  const partner = await findPartner(deps.db, partnerId);
  if (!partner || partner.status !== 'registered' || !partner.outboundToken)
    throw new RegistrationError('partnerRefused', 'not registered');
  const ours = newToken();
  const url = credentialsEndpoint(partner.endpoints);
  // The partner checks our versions with the new token before it answers; its calls with the
  // current one keep working until the answer.
  await updatePartnerFrom(deps.db, partner.id, ['registered'], { pendingTokenHash: hashToken(ours) });
  try {
    const theirs = await sendCredentials(deps, 'PUT', url, partner.outboundToken, ours);
    const confirmed = await partnerVersion(deps, theirs.url, theirs.token);
    const updated = await updatePartnerFrom(deps.db, partner.id, ['registered'], {
      ...registrationOf(theirs, confirmed),
      inboundTokenHash: hashToken(ours),
      pendingTokenHash: null,
      outboundToken: theirs.token,
    });
    if (!updated) throw new RegistrationError('partnerRefused', 'unregistered meanwhile');
    return updated;
  } catch (error) {
    await updatePartnerFrom(deps.db, partner.id, ['registered'], { pendingTokenHash: null });
    throw error;
  }
}

/** §7.2.5 from our side: we end the link; the partner is told, and its tokens stop working. */
export async function unregisterFrom(deps: RoamingDeps, partnerId: string): Promise<void> {
  const partner = await findPartner(deps.db, partnerId);
  if (!partner || partner.status !== 'registered' || !partner.outboundToken) return;
  try {
    await ocpiCall(callTarget(deps, partner.outboundToken, partner), {
      method: 'DELETE',
      url: credentialsEndpoint(partner.endpoints),
      data: z.unknown(),
    });
  } finally {
    await acceptUnregistration(deps, partner);
  }
}
