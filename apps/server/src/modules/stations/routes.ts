import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { getStation, getStationGuest } from '@evcharge/api/stations/get-station';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import { mapPoints, mapPointsGuest } from '@evcharge/api/stations/map-points';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Deps } from '../../deps';
import { JsonText, route, sendJsonText } from '../../http/route';
import { createAnswerCache, type KeptAnswer } from './answer-cache';
import type { Viewer } from './search';
import {
  answerKey,
  findByQr,
  listPage,
  mapPointsJson,
  peekAnswer,
  stationDetail,
  visitor,
} from './service';

/**
 * SPEC §5/§8 'No connector types chosen': when the connector types are missing or empty and
 * nothing else is wrong, the answer says so with its own code (fields still name them).
 */
export function noConnectorTypes(error: AppError): AppError {
  const fields = error.fields ?? [];
  const onlyTypes = fields.every(
    (f) =>
      f.path === 'connectorTypes' && (f.rule === rule.connectorTypes || f.rule === rule.required),
  );
  return fields.length > 0 && onlyTypes ? new AppError('NO_CONNECTOR_TYPES', { fields }) : error;
}

/** A kept answer as the route's JSON, compressed from its kept copies. */
function sent<T>(kept: KeptAnswer<string | Buffer>): JsonText<T> {
  return new JsonText<T>(kept.json, kept.compressed, kept.compressedNow);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The list or map answer this request would be kept under (answer-cache.ts). */
    answerKey: string | null;
  }
}

export function stationRoutes(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('answerKey', null);
  const { db, stationReadModel: model } = deps;
  // The list and the map keep their answers until the stations change (answer-cache.ts).
  const answers = createAnswerCache();

  type Kept = { kind: 'list' | 'map'; viewer: (request: FastifyRequest) => Viewer };
  const keyOf = (request: FastifyRequest, { kind, viewer }: Kept) =>
    request.answerKey ??
    answerKey(model, kind, request.rawJson ?? JSON.stringify(request.body), viewer(request));
  /** Answers a request seen before from its kept answer, before validation and the search. */
  const answerIfKept =
    (kept: Kept): preValidationHookHandler =>
    (request, reply, done) => {
      const key = keyOf(request, kept);
      const answer = peekAnswer(model, answers, key);
      if (!answer) {
        request.answerKey = key;
        done();
        return;
      }
      const sending = sendJsonText(request, reply, sent(answer));
      if (sending instanceof Promise) sending.catch((error: unknown) => reply.send(error));
    };
  const keeping = (kept: Kept) => ({
    validationError: noConnectorTypes,
    preValidation: answerIfKept(kept),
  });
  const signedIn = (request: FastifyRequest): Viewer => ({ userId: request.auth?.user.id ?? null });
  const guest = (): Viewer => visitor;
  const list = { kind: 'list', viewer: signedIn } as const;
  const guestList = { kind: 'list', viewer: guest } as const;
  const map = { kind: 'map', viewer: signedIn } as const;
  const guestMap = { kind: 'map', viewer: guest } as const;
  // The signed-in list and map only need the caller's id, and a moving map asks many times
  // a second: they trust a recently seen token (AUTH_CACHE_MS).
  route(
    app,
    listStations,
    async ({ body, request }) =>
      sent(listPage(model, answers, keyOf(request, list), body, signedIn(request))),
    { ...keeping(list), cachedAuth: true },
  );
  route(
    app,
    listStationsGuest,
    async ({ body, request }) =>
      sent(listPage(model, answers, keyOf(request, guestList), body, visitor)),
    keeping(guestList),
  );
  route(
    app,
    mapPoints,
    async ({ body, request }) =>
      sent(mapPointsJson(model, answers, keyOf(request, map), body, signedIn(request))),
    { ...keeping(map), cachedAuth: true },
  );
  route(
    app,
    mapPointsGuest,
    async ({ body, request }) =>
      sent(mapPointsJson(model, answers, keyOf(request, guestMap), body, visitor)),
    keeping(guestMap),
  );

  route(app, getStation, async ({ params, query, auth, request }) =>
    stationDetail(db, params.guid, { userId: auth.user.id }, request.brand, query.offset),
  );
  route(app, getStationGuest, async ({ params, query, request }) =>
    stationDetail(db, params.guid, visitor, request.brand, query.offset),
  );

  route(
    app,
    findByQrCode,
    async ({ params, auth }) => findByQr(db, params.code, { userId: auth?.user.id ?? null }),
    { validationError: () => new AppError('INCORRECT_QR') },
  );
}
