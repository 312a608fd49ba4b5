import type { FastifyInstance } from 'fastify';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { getStation, getStationGuest } from '@evcharge/api/stations/get-station';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import { mapPoints, mapPointsGuest } from '@evcharge/api/stations/map-points';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Deps } from '../../deps';
import { JsonText, route } from '../../http/route';
import { findByQr, listPage, mapPointsJson, stationDetail, visitor } from './service';

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

const filterErrors = { validationError: noConnectorTypes };
// The list and the map only need the caller's id, and a moving map asks many times a second.
const readHeavy = { ...filterErrors, cachedAuth: true };

export function stationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, stationReadModel: model } = deps;

  route(
    app,
    listStations,
    async ({ body, auth }) => new JsonText(listPage(model, body, { userId: auth.user.id })),
    readHeavy,
  );
  route(
    app,
    listStationsGuest,
    async ({ body }) => new JsonText(listPage(model, body, visitor)),
    filterErrors,
  );
  route(
    app,
    mapPoints,
    async ({ body, auth }) => new JsonText(mapPointsJson(model, body, { userId: auth.user.id })),
    readHeavy,
  );
  route(
    app,
    mapPointsGuest,
    async ({ body }) => new JsonText(mapPointsJson(model, body, visitor)),
    filterErrors,
  );

  route(app, getStation, async ({ params, query, auth }) =>
    stationDetail(db, params.guid, { userId: auth.user.id }, query.offset),
  );
  route(app, getStationGuest, async ({ params, query }) =>
    stationDetail(db, params.guid, visitor, query.offset),
  );

  route(
    app,
    findByQrCode,
    async ({ params, auth }) => findByQr(db, params.code, { userId: auth?.user.id ?? null }),
    { validationError: () => new AppError('INCORRECT_QR') },
  );
}
