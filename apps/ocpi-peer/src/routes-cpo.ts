import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cdr,
  connector,
  evse,
  location,
  session,
  statusCodes,
  tariff,
  token,
  tokenPatch,
  tokenTypes,
} from '@evcharge/api/ocpi/types';
import { cpoBase, type PeerDeps } from './context';
import {
  OcpiError,
  partnerOnly as partnerOnlyFor,
  paginate,
  parseInput,
  send,
  sendEmpty,
  unknownLocation,
} from './http';
import { keyOf } from './store';

// The peer as CPO: Locations SENDER (OCPI 2.2.1 §8.2.1), Tariffs SENDER (§11.2.1),
// Sessions SENDER (§9.2.1), CDRs SENDER (§10.2.1) and Tokens RECEIVER (§12.2.1).

const locationParams = z.object({
  locationId: z.string(),
  evseUid: z.string().optional(),
  connectorId: z.string().optional(),
});
const tokenParams = z.object({
  countryCode: z.string().max(2),
  partyId: z.string().max(3),
  uid: z.string().max(36),
});
const tokenTypeQuery = z.object({ type: z.enum(tokenTypes).default('RFID') });

export function cpoRoutes(app: FastifyInstance, deps: PeerDeps) {
  const { store } = deps;
  const partnerOnly = partnerOnlyFor(deps);

  app.get(`${cpoBase}/locations`, partnerOnly, async (request, reply) =>
    send(
      deps,
      reply,
      z.array(location),
      paginate(deps, request, reply, store.locations.values(), `${cpoBase}/locations`),
    ),
  );

  // §8.2.1.2: one Location, EVSE or Connector by its ids.
  const oneLocation = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = parseInput(locationParams, request.params, 'path');
    const found = store.locations.get(params.locationId);
    if (!found) throw unknownLocation(`location ${params.locationId}`);
    if (params.evseUid === undefined) return send(deps, reply, location, found);
    const foundEvse = found.evses?.find((e) => e.uid === params.evseUid);
    if (!foundEvse) throw unknownLocation(`EVSE ${params.evseUid}`);
    if (params.connectorId === undefined) return send(deps, reply, evse, foundEvse);
    const foundConnector = foundEvse.connectors.find((c) => c.id === params.connectorId);
    if (!foundConnector) throw unknownLocation(`connector ${params.connectorId}`);
    return send(deps, reply, connector, foundConnector);
  };
  app.get(`${cpoBase}/locations/:locationId`, partnerOnly, oneLocation);
  app.get(`${cpoBase}/locations/:locationId/:evseUid`, partnerOnly, oneLocation);
  app.get(`${cpoBase}/locations/:locationId/:evseUid/:connectorId`, partnerOnly, oneLocation);

  app.get(`${cpoBase}/tariffs`, partnerOnly, async (request, reply) =>
    send(
      deps,
      reply,
      z.array(tariff),
      paginate(deps, request, reply, store.tariffs.values(), `${cpoBase}/tariffs`),
    ),
  );
  app.get(`${cpoBase}/sessions`, partnerOnly, async (request, reply) =>
    send(
      deps,
      reply,
      z.array(session),
      paginate(deps, request, reply, store.sessions.values(), `${cpoBase}/sessions`),
    ),
  );
  app.get(`${cpoBase}/cdrs`, partnerOnly, async (request, reply) =>
    send(
      deps,
      reply,
      z.array(cdr),
      paginate(deps, request, reply, store.cdrs.values(), `${cpoBase}/cdrs`),
    ),
  );

  // §12.2.1: the partner's drivers' tokens, kept for authorization at the peer's stations.
  const tokenPath = `${cpoBase}/tokens/:countryCode/:partyId/:uid`;
  const tokenAt = (params: unknown, query: unknown) => {
    const ids = parseInput(tokenParams, params, 'path');
    const { type } = parseInput(tokenTypeQuery, query, 'query');
    return { ids, type, key: keyOf(ids.countryCode, ids.partyId, ids.uid) };
  };
  app.get(tokenPath, partnerOnly, async (request, reply) => {
    const { key, type } = tokenAt(request.params, request.query);
    const found = store.partnerTokens.get(key);
    if (!found || found.type !== type)
      throw new OcpiError(404, statusCodes.unknownToken, 'Unknown token');
    return send(deps, reply, token, found);
  });
  app.put(tokenPath, partnerOnly, async (request, reply) => {
    const { ids, key, type } = tokenAt(request.params, request.query);
    const body = parseInput(token, request.body, 'token');
    if (keyOf(body.country_code, body.party_id, body.uid) !== key || body.type !== type)
      throw new OcpiError(
        400,
        statusCodes.invalidParameters,
        `The token's ids differ from the URL's (${ids.uid})`,
      );
    store.partnerTokens.set(key, body);
    return sendEmpty(deps, reply);
  });
  app.patch(tokenPath, partnerOnly, async (request, reply) => {
    const { key, type } = tokenAt(request.params, request.query);
    const patch = parseInput(tokenPatch, request.body, 'token patch');
    const found = store.partnerTokens.get(key);
    if (!found || found.type !== type)
      throw new OcpiError(404, statusCodes.unknownToken, 'Unknown token');
    const patched = parseInput(
      token,
      {
        ...found,
        ...patch,
        country_code: found.country_code,
        party_id: found.party_id,
        uid: found.uid,
      },
      'token',
    );
    store.partnerTokens.set(key, patched);
    return sendEmpty(deps, reply);
  });
}
