import type { Sharing } from '@evcharge/domain/private-station';
import { socketTypeIds, type SocketTypeId } from '@evcharge/domain/socket-type';
import { createRandom } from '../../demo/prng';
import { generateStations } from '../../demo/stations';
import type { StationFilter } from './search';
import type { StationRow } from './station-view';

// Random stations and filters for the search's unit tests: the demo's stations plus a few at
// the antimeridian and the poles, where boxes wrap, and filters of every kind.

export const owner = '00000000-0000-4000-8000-000000000001';
const allDay = [{ from: '00:00', to: '24:00' }];
const allDayShared: Sharing = {
  isShared: true,
  weekly: { mo: allDay, tu: allDay, we: allDay, th: allDay, fr: allDay, sa: allDay, su: allDay },
  datesOff: [],
};

// Demo stations plus a few at the antimeridian and the poles, where boxes wrap.
export function rows(): StationRow[] {
  const random = createRandom(5);
  const generated = generateStations(3000, 11).map((s, i) => ({
    ...s,
    // One station in eight is a roaming partner's (the demo's come over OCPI instead).
    isRoaming: !s.isPrivate && i % 8 === 5,
    roamingOperator: !s.isPrivate && i % 8 === 5 ? 'NordCharge' : null,
    ownerUserId: s.isPrivate && i % 2 === 0 ? owner : null,
    // Every fourth private station is shared round the clock: others see it too.
    sharing: s.isPrivate && i % 4 === 0 ? allDayShared : null,
    connectors: s.connectors,
  }));
  const edges = Array.from({ length: 200 }, (_, i) => ({
    ...(generated[i] as StationRow),
    id: `edge-${i}`,
    code: `EDGE-${i}`,
    lat: i < 100 ? -20 + random.next() * 40 : 85 + random.next() * 5,
    lng:
      i < 100
        ? 179 - random.next() * 2 + (random.chance(0.5) ? 2 : 0) - 1
        : random.next() * 360 - 180,
  }));
  for (const edge of edges) if (edge.lng > 180) edge.lng -= 360;
  return [...generated, ...edges];
}

export function randomFilter(seed: number): StationFilter {
  const random = createRandom(seed);
  const types = socketTypeIds.filter(() => random.chance(0.4));
  const lat = random.pick([55.75, 43.24, 41.3, 0, 87]);
  const lng = random.pick([37.62, 76.88, 69.24, 179.8, -179.9]);
  const span = random.pick([0.05, 0.3, 2, 40]);
  return {
    connectorTypes: (types.length > 0 ? types : ['ccs2']) as SocketTypeId[],
    powerKw: random.chance(0.5)
      ? { min: random.pick([0, 7.4, 22, 50]), max: random.pick([22, 150, 1000]) }
      : undefined,
    near: random.chance(0.6)
      ? { lat, lng, radiusKm: random.chance(0.8) ? random.pick([1, 5, 30, 500]) : undefined }
      : undefined,
    bounds: random.chance(0.5)
      ? {
          south: lat - span,
          north: Math.min(90, lat + span),
          west: ((lng - span + 540) % 360) - 180,
          east: ((lng + span + 540) % 360) - 180,
        }
      : undefined,
    includeRestricted: random.chance(0.7),
    includeRoaming: random.chance(0.7),
    onlyAvailable: random.chance(0.3),
  };
}
