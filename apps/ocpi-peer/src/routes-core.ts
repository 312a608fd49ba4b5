import type { FastifyInstance } from 'fastify';
import {
  credentials,
  versionDetails,
  versionList,
  type ModuleId,
  type InterfaceRole,
} from '@evcharge/api/ocpi/types';
import { cpoBase, detailsPath, emspBase, versionsPath, type PeerDeps } from './context';
import {
  acceptRegistration,
  acceptUnregistration,
  acceptUpdate,
  ownCredentials,
  ownDetailsUrl,
  supportedVersion,
} from './credentials';
import { OcpiError, callerOf, parseInput, send, sendEmpty } from './http';
import { statusCodes } from '@evcharge/api/ocpi/types';

// Versions (OCPI 2.2.1 §6) and Credentials (§7): the two modules token A may use.

/** The peer's modules: as CPO at /ocpi/cpo/2.2.1, as eMSP at /ocpi/emsp/2.2.1 (§6.2.1.2). */
export function endpointsOf(deps: PeerDeps) {
  const base = deps.config.publicUrl;
  const credentialsUrl = `${base}${detailsPath}/credentials`;
  const list: Array<[ModuleId, InterfaceRole, string]> = [
    ['credentials', 'SENDER', credentialsUrl],
    ['credentials', 'RECEIVER', credentialsUrl],
    ['locations', 'SENDER', `${base}${cpoBase}/locations`],
    ['tariffs', 'SENDER', `${base}${cpoBase}/tariffs`],
    ['sessions', 'SENDER', `${base}${cpoBase}/sessions`],
    ['cdrs', 'SENDER', `${base}${cpoBase}/cdrs`],
    ['commands', 'RECEIVER', `${base}${cpoBase}/commands`],
    ['tokens', 'RECEIVER', `${base}${cpoBase}/tokens`],
    ['locations', 'RECEIVER', `${base}${emspBase}/locations`],
    ['sessions', 'RECEIVER', `${base}${emspBase}/sessions`],
    ['cdrs', 'RECEIVER', `${base}${emspBase}/cdrs`],
    ['tokens', 'SENDER', `${base}${emspBase}/tokens`],
    ['commands', 'SENDER', `${base}${emspBase}/commands`],
  ];
  return list.map(([identifier, role, url]) => ({ identifier, role, url }));
}

export function coreRoutes(app: FastifyInstance, deps: PeerDeps) {
  const versionsAccess = { registration: true, pending: true };

  app.get(versionsPath, async (request, reply) => {
    callerOf(deps, request, versionsAccess);
    return send(deps, reply, versionList, [
      { version: supportedVersion, url: ownDetailsUrl(deps) },
    ]);
  });

  app.get(detailsPath, async (request, reply) => {
    callerOf(deps, request, versionsAccess);
    return send(deps, reply, versionDetails, {
      version: supportedVersion,
      endpoints: endpointsOf(deps),
    });
  });

  const credentialsPath = `${detailsPath}/credentials`;
  const notRegistered = () =>
    new OcpiError(405, statusCodes.clientError, 'Not registered: POST your credentials first');

  app.get(credentialsPath, async (request, reply) => {
    const caller = callerOf(deps, request, { registration: true });
    const token =
      caller === 'partner' ? deps.store.partner!.tokenTheyUse : deps.config.registrationToken;
    return send(deps, reply, credentials, ownCredentials(deps, token));
  });

  // §7.2.1: POST registers; a party already registered gets 405.
  app.post(credentialsPath, async (request, reply) => {
    const caller = callerOf(deps, request, { registration: true });
    if (caller === 'partner')
      throw new OcpiError(405, statusCodes.clientError, 'Already registered: use PUT to update');
    const theirs = parseInput(credentials, request.body, 'credentials');
    return send(deps, reply, credentials, await acceptRegistration(deps, theirs));
  });

  // §7.2.2: PUT updates (and rotates the token); only a registered party.
  app.put(credentialsPath, async (request, reply) => {
    if (callerOf(deps, request, { registration: true }) !== 'partner') throw notRegistered();
    const theirs = parseInput(credentials, request.body, 'credentials');
    return send(deps, reply, credentials, await acceptUpdate(deps, theirs));
  });

  // §7.2.3: DELETE unregisters.
  app.delete(credentialsPath, async (request, reply) => {
    if (callerOf(deps, request, { registration: true }) !== 'partner') throw notRegistered();
    acceptUnregistration(deps);
    return sendEmpty(deps, reply);
  });
}
