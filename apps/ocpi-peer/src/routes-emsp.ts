import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authorizationInfo,
  cdr,
  commandResult,
  commandTypes,
  connector,
  connectorPatch,
  evse,
  evsePatch,
  location,
  locationPatch,
  locationReferences,
  session,
  sessionPatch,
  statusCodes,
  token,
  tokenTypes,
} from '@evcharge/api/ocpi/types';
import { emspBase, type PeerDeps } from './context';
import {
  OcpiError,
  partnerOnly as partnerOnlyFor,
  notFound,
  paginate,
  parseInput,
  send,
  sendEmpty,
  unknownLocation,
} from './http';
import { keyOf } from './store';

// The peer as eMSP, for its drivers at the partner's stations: Locations RECEIVER (OCPI 2.2.1
// §8.2.2), Sessions RECEIVER (§9.2.2), CDRs RECEIVER (§10.2.2), Tokens SENDER (§12.2.2) and
// the Commands SENDER's response_url (§13.2.2).

const ids = z.object({
  countryCode: z.string().max(2),
  partyId: z.string().max(3),
  id: z.string().max(39),
});
const locationIds = ids.extend({
  evseUid: z.string().max(36).optional(),
  connectorId: z.string().max(36).optional(),
});
const sameParty = (
  a: { country_code: string; party_id: string },
  countryCode: string,
  partyId: string,
) =>
  a.country_code.toUpperCase() === countryCode.toUpperCase() &&
  a.party_id.toUpperCase() === partyId.toUpperCase();
const mismatch = (what: string) =>
  new OcpiError(
    400,
    statusCodes.invalidParameters,
    `The ${what} in the body differs from the URL's`,
  );

export function emspRoutes(app: FastifyInstance, deps: PeerDeps) {
  const { store } = deps;
  const partnerOnly = partnerOnlyFor(deps);
  const locationPaths = [':id', ':id/:evseUid', ':id/:evseUid/:connectorId'].map(
    (tail) => `${emspBase}/locations/:countryCode/:partyId/${tail}`,
  );

  const findLocation = (request: FastifyRequest) => {
    const params = parseInput(locationIds, request.params, 'path');
    const key = keyOf(params.countryCode, params.partyId, params.id);
    return { params, key, found: store.partnerLocations.get(key) };
  };
  const findEvse = (found: z.infer<typeof location> | undefined, evseUid: string) => {
    const foundEvse = found?.evses?.find((e) => e.uid === evseUid);
    if (!found || !foundEvse) throw unknownLocation(`EVSE ${evseUid}`);
    return foundEvse;
  };

  for (const path of locationPaths) {
    app.get(path, partnerOnly, async (request, reply) => {
      const { params, found } = findLocation(request);
      if (!found) throw unknownLocation(`location ${params.id}`);
      if (!params.evseUid) return send(deps, reply, location, found);
      const foundEvse = findEvse(found, params.evseUid);
      if (!params.connectorId) return send(deps, reply, evse, foundEvse);
      const foundConnector = foundEvse.connectors.find((c) => c.id === params.connectorId);
      if (!foundConnector) throw unknownLocation(`connector ${params.connectorId}`);
      return send(deps, reply, connector, foundConnector);
    });

    // §8.2.2.2 PUT: a whole Location, EVSE or Connector; the Location's last_updated follows.
    app.put(path, partnerOnly, async (request, reply) => {
      const { params, key, found } = findLocation(request);
      if (!params.evseUid) {
        const body = parseInput(location, request.body, 'location');
        if (!sameParty(body, params.countryCode, params.partyId) || body.id !== params.id)
          throw mismatch('location id');
        store.partnerLocations.set(key, body);
        return sendEmpty(deps, reply);
      }
      if (!found) throw unknownLocation(`location ${params.id}`);
      if (!params.connectorId) {
        const body = parseInput(evse, request.body, 'EVSE');
        if (body.uid !== params.evseUid) throw mismatch('EVSE uid');
        const evses = [...(found.evses ?? []).filter((e) => e.uid !== body.uid), body];
        store.partnerLocations.set(key, { ...found, evses, last_updated: body.last_updated });
        return sendEmpty(deps, reply);
      }
      const body = parseInput(connector, request.body, 'connector');
      if (body.id !== params.connectorId) throw mismatch('connector id');
      const foundEvse = findEvse(found, params.evseUid);
      const connectors = [...foundEvse.connectors.filter((c) => c.id !== body.id), body];
      const evses = found.evses!.map((e) =>
        e.uid === foundEvse.uid ? { ...foundEvse, connectors, last_updated: body.last_updated } : e,
      );
      store.partnerLocations.set(key, { ...found, evses, last_updated: body.last_updated });
      return sendEmpty(deps, reply);
    });

    // §8.2.2.3 PATCH: the fields sent, with last_updated; the parents' last_updated follows.
    app.patch(path, partnerOnly, async (request, reply) => {
      const { params, key, found } = findLocation(request);
      if (!found) throw unknownLocation(`location ${params.id}`);
      if (!params.evseUid) {
        const patch = parseInput(locationPatch, request.body, 'location patch');
        store.partnerLocations.set(
          key,
          parseInput(location, { ...found, ...patch, id: found.id }, 'location'),
        );
        return sendEmpty(deps, reply);
      }
      const foundEvse = findEvse(found, params.evseUid);
      let patchedEvse;
      if (!params.connectorId) {
        const patch = parseInput(evsePatch, request.body, 'EVSE patch');
        patchedEvse = parseInput(evse, { ...foundEvse, ...patch, uid: foundEvse.uid }, 'EVSE');
      } else {
        const foundConnector = foundEvse.connectors.find((c) => c.id === params.connectorId);
        if (!foundConnector) throw unknownLocation(`connector ${params.connectorId}`);
        const patch = parseInput(connectorPatch, request.body, 'connector patch');
        const patched = parseInput(
          connector,
          { ...foundConnector, ...patch, id: foundConnector.id },
          'connector',
        );
        const connectors = foundEvse.connectors.map((c) => (c.id === patched.id ? patched : c));
        patchedEvse = { ...foundEvse, connectors, last_updated: patched.last_updated };
      }
      const evses = found.evses!.map((e) => (e.uid === foundEvse.uid ? patchedEvse : e));
      store.partnerLocations.set(key, { ...found, evses, last_updated: patchedEvse.last_updated });
      return sendEmpty(deps, reply);
    });
  }

  // §9.2.2 Sessions RECEIVER.
  const sessionPath = `${emspBase}/sessions/:countryCode/:partyId/:id`;
  const sessionAt = (request: FastifyRequest) => {
    const params = parseInput(ids, request.params, 'path');
    const key = keyOf(params.countryCode, params.partyId, params.id);
    return { params, key, found: store.partnerSessions.get(key) };
  };
  app.get(sessionPath, partnerOnly, async (request, reply) => {
    const { params, found } = sessionAt(request);
    if (!found) throw notFound(`session ${params.id}`);
    return send(deps, reply, session, found);
  });
  app.put(sessionPath, partnerOnly, async (request, reply) => {
    const { params, key } = sessionAt(request);
    const body = parseInput(session, request.body, 'session');
    if (!sameParty(body, params.countryCode, params.partyId) || body.id !== params.id)
      throw mismatch('session id');
    store.partnerSessions.set(key, body);
    return sendEmpty(deps, reply);
  });
  app.patch(sessionPath, partnerOnly, async (request, reply) => {
    const { params, key, found } = sessionAt(request);
    const patch = parseInput(sessionPatch, request.body, 'session patch');
    if (!found) throw notFound(`session ${params.id}`);
    // §9.2.2.3: charging_periods in a PATCH are added to the existing ones.
    const chargingPeriods = [...(found.charging_periods ?? []), ...(patch.charging_periods ?? [])];
    store.partnerSessions.set(
      key,
      parseInput(
        session,
        { ...found, ...patch, id: found.id, charging_periods: chargingPeriods },
        'session',
      ),
    );
    return sendEmpty(deps, reply);
  });

  // §10.2.2 CDRs RECEIVER: POST, answered with the CDR's URL in the Location header.
  app.post(`${emspBase}/cdrs`, partnerOnly, async (request, reply) => {
    const body = parseInput(cdr, request.body, 'CDR');
    const key = keyOf(body.country_code, body.party_id, body.id);
    store.partnerCdrs.set(key, body);
    reply.header('Location', `${deps.config.publicUrl}${emspBase}/cdrs/${key}`);
    return sendEmpty(deps, reply);
  });
  app.get(`${emspBase}/cdrs/:countryCode/:partyId/:id`, partnerOnly, async (request, reply) => {
    const params = parseInput(ids, request.params, 'path');
    const found = store.partnerCdrs.get(keyOf(params.countryCode, params.partyId, params.id));
    if (!found) throw notFound(`CDR ${params.id}`);
    return send(deps, reply, cdr, found);
  });

  // §12.2.2 Tokens SENDER: the list, and real-time authorization (§12.2.2.3).
  app.get(`${emspBase}/tokens`, partnerOnly, async (request, reply) =>
    send(
      deps,
      reply,
      z.array(token),
      paginate(deps, request, reply, store.ownTokens.values(), `${emspBase}/tokens`),
    ),
  );
  app.post(`${emspBase}/tokens/:uid/authorize`, partnerOnly, async (request, reply) => {
    const { uid } = parseInput(z.object({ uid: z.string().max(36) }), request.params, 'path');
    const { type } = parseInput(
      z.object({ type: z.enum(tokenTypes).default('RFID') }),
      request.query,
      'query',
    );
    const where =
      request.body === undefined
        ? undefined
        : parseInput(locationReferences, request.body, 'location references');
    const found = store.ownTokens.get(uid);
    if (!found || found.type !== type)
      throw new OcpiError(404, statusCodes.unknownToken, `Unknown token ${uid}`);
    const answer = {
      allowed: found.valid ? ('ALLOWED' as const) : ('BLOCKED' as const),
      token: found,
      ...(where ? { location: where } : {}),
      ...(found.valid ? { authorization_reference: randomUUID().slice(0, 36) } : {}),
    };
    store.authorizations.push(answer);
    return send(deps, reply, authorizationInfo, answer);
  });

  // §13.2.2: the CPO's asynchronous CommandResult, at the response_url the peer gave.
  app.post(`${emspBase}/commands/:command/:uid`, partnerOnly, async (request, reply) => {
    const params = parseInput(
      z.object({ command: z.enum(commandTypes), uid: z.string().max(64) }),
      request.params,
      'path',
    );
    const result = parseInput(commandResult, request.body, 'command result');
    store.commandResults.push({ command: params.command, uid: params.uid, result });
    return sendEmpty(deps, reply);
  });
}
