import { describe, expect, it } from 'vitest';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { stationFilterSchema } from '@evcharge/api/stations/station-schemas';
import { defaultFilter, filterProblem, filterToRequest, parseFilter, type StationFilterState } from './filter';

const moscow = { lat: 55.75, lng: 37.61 };
const bounds = { south: 55, west: 37, north: 56, east: 38 };

describe('parseFilter (the remembered filter)', () => {
  it.each([
    ['nothing stored', null],
    ['corrupt JSON', '{oops'],
    ['not an object', '42'],
  ])('falls back to the default for %s', (_name, json) => {
    expect(parseFilter(json)).toEqual(defaultFilter);
  });

  it('round-trips a saved filter', () => {
    const saved: StationFilterState = {
      connectorTypes: ['ccs2', 'chademo'], minPowerKw: 50, maxPowerKw: 150, radiusKm: 25,
      includeRestricted: false, includeRoaming: false, onlyAvailable: true,
    };
    expect(parseFilter(JSON.stringify(saved))).toEqual(saved);
  });

  it('drops unknown connector types and never keeps an empty list (SPEC §5)', () => {
    expect(parseFilter(JSON.stringify({ connectorTypes: ['ccs2', 'warp-drive'] })).connectorTypes).toEqual(['ccs2']);
    expect(parseFilter(JSON.stringify({ connectorTypes: [] })).connectorTypes).toEqual([...socketTypeIds]);
  });

  it.each([
    [{ minPowerKw: 150, maxPowerKw: 50 }, null, null],
    [{ minPowerKw: -1 }, null, null],
    [{ minPowerKw: 5000 }, null, null],
    [{ minPowerKw: '50' }, null, null],
    [{ minPowerKw: 22 }, 22, null],
  ])('keeps only a sane power range: %j', (stored, min, max) => {
    const filter = parseFilter(JSON.stringify(stored));
    expect([filter.minPowerKw, filter.maxPowerKw]).toEqual([min, max]);
  });
});

describe('filterProblem', () => {
  it('names a missing connector type and a reversed range', () => {
    expect(filterProblem(defaultFilter)).toBeNull();
    expect(filterProblem({ ...defaultFilter, connectorTypes: [] })).toBe('connectorTypes');
    expect(filterProblem({ ...defaultFilter, minPowerKw: 100, maxPowerKw: 50 })).toBe('powerRange');
  });
});

describe('filterToRequest (filter state → request body)', () => {
  it.each<[string, Partial<StationFilterState>, Parameters<typeof filterToRequest>[1], Record<string, unknown>]>([
    ['default, map area', {}, { bounds }, { bounds }],
    ['power from 50 kW', { minPowerKw: 50 }, { bounds }, { bounds, powerKw: { min: 50 } }],
    ['power up to 22 kW', { maxPowerKw: 22 }, {}, { powerKw: { max: 22 } }],
    ['power range', { minPowerKw: 50, maxPowerKw: 150 }, {}, { powerKw: { min: 50, max: 150 } }],
    ['radius around the origin', { radiusKm: 10 }, { bounds, origin: moscow }, { bounds, near: { ...moscow, radiusKm: 10 } }],
    ['an origin without radius is not sent for the map', {}, { bounds, origin: moscow }, { bounds }],
    ['the list sorts by distance from the origin', {}, { origin: moscow, sortByDistance: true }, { near: moscow }],
    ['a radius without an origin is not sent', { radiusKm: 10 }, {}, {}],
  ])('%s', (_name, patch, area, extra) => {
    const body = filterToRequest({ ...defaultFilter, ...patch }, area);
    expect(body).toEqual({
      connectorTypes: [...socketTypeIds], includeRestricted: true, includeRoaming: true, onlyAvailable: false, ...extra,
    });
    // Whatever the UI builds, the contract accepts it.
    expect(stationFilterSchema.safeParse(body).success).toBe(true);
  });

  it('sends the toggles as chosen', () => {
    const body = filterToRequest({ ...defaultFilter, connectorTypes: ['gbt-dc'], includeRestricted: false, includeRoaming: false, onlyAvailable: true }, {});
    expect(body).toMatchObject({ connectorTypes: ['gbt-dc'], includeRestricted: false, includeRoaming: false, onlyAvailable: true });
  });

  it('produces a body the contract refuses when no connector type is chosen', () => {
    const body = filterToRequest({ ...defaultFilter, connectorTypes: [] }, {});
    expect(stationFilterSchema.safeParse(body).success).toBe(false);
  });
});
