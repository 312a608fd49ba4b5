import { beforeAll, describe, expect, it } from 'vitest';
import { listStationsGuest } from '@evcharge/api/stations/list-stations';
import { mapPoints, mapPointsGuest } from '@evcharge/api/stations/map-points';
import type { ErrorBody } from '@evcharge/domain/errors';
import { createUser, signInAs } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();
let ownerToken: string;
beforeAll(async () => {
  ownerToken = await signInAs(server, await createUser(server.db));
});

describe('bad filters', () => {
  const bad = async (body: unknown) => {
    const res = await server.call<ErrorBody>(listStationsGuest, { body });
    expect(res.status).toBe(400);
    return res.body;
  };

  it.each([
    ['empty', { connectorTypes: [] }, 'connectorTypes'],
    ['missing', {}, 'required'],
  ])('connector types %s: NO_CONNECTOR_TYPES', async (_name, body, rule) => {
    expect(await bad(body)).toEqual({
      code: 'NO_CONNECTOR_TYPES',
      message: 'No connector types chosen',
      fields: [{ path: 'connectorTypes', rule }],
    });
    const res = await server.call<ErrorBody>(mapPoints, { body, token: ownerToken });
    expect(res.body.code).toBe('NO_CONNECTOR_TYPES');
  });

  it.each([
    ['an unknown socket type', { connectorTypes: ['type9'] }, 'connectorTypes.0', 'invalid'],
    ['types not a list', { connectorTypes: 'ccs2' }, 'connectorTypes', 'invalid'],
    ['an unknown field', { connectorTypes: ['ccs2'], radius: 5 }, 'radius', 'invalid'],
    [
      'an unknown nested field',
      { connectorTypes: ['ccs2'], near: { lat: 1, lng: 2, radius: 5 } },
      'near.radius',
      'invalid',
    ],
    [
      'a text for a number',
      { connectorTypes: ['ccs2'], near: { lat: 'x', lng: 2 } },
      'near.lat',
      'number',
    ],
    [
      'a latitude off the globe',
      { connectorTypes: ['ccs2'], near: { lat: 91, lng: 2 } },
      'near.lat',
      'invalid',
    ],
    [
      'a negative radius',
      { connectorTypes: ['ccs2'], near: { lat: 1, lng: 2, radiusKm: -1 } },
      'near.radiusKm',
      'invalid',
    ],
    [
      'min above max',
      { connectorTypes: ['ccs2'], powerKw: { min: 50, max: 10 } },
      'powerKw.max',
      'invalid',
    ],
    [
      'south above north',
      { connectorTypes: ['ccs2'], bounds: { south: 5, west: 0, north: 4, east: 1 } },
      'bounds.north',
      'invalid',
    ],
    ['a page size over 200', { connectorTypes: ['ccs2'], pageSize: 201 }, 'pageSize', 'invalid'],
    ['page 0', { connectorTypes: ['ccs2'], page: 0 }, 'page', 'invalid'],
    ['a text flag', { connectorTypes: ['ccs2'], onlyAvailable: 'yes' }, 'onlyAvailable', 'invalid'],
  ])('%s: 400 naming the field', async (_name, body, path, rule) => {
    const error = await bad(body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([{ path, rule }]);
  });

  it('empty types with another bad field is a plain validation error naming both', async () => {
    const error = await bad({ connectorTypes: [], page: 0 });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.map((f) => f.path).sort()).toEqual(['connectorTypes', 'page']);
  });

  it('paging fields are not part of the map points filter', async () => {
    const res = await server.call<ErrorBody>(mapPointsGuest, {
      body: { connectorTypes: ['ccs2'], page: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'page', rule: 'invalid' }]);
  });
});
