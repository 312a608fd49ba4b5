// The searches of the station benchmarks (api-filtered.ts over HTTP, search-walk.ts in one
// process): the nearest stations around city centres.
import { createRandom } from '../apps/server/src/demo/prng';

export const centres = [
  [55.7558, 37.6173],
  [59.9343, 30.3351],
  [43.2389, 76.8897],
  [51.1694, 71.4491],
  [40.4093, 49.8671],
  [42.8746, 74.5698],
  [41.2995, 69.2401],
  [56.9496, 24.1052],
  [38.5598, 68.787],
  [31.9539, 35.9106],
] as const;

const plugSets = [
  ['type2'],
  ['ccs2'],
  ['ccs2', 'chademo'],
  ['type2', 'ccs2'],
  ['gbt-dc'],
  ['type2', 'ccs2', 'chademo', 'gbt-dc'],
];
const powers = [undefined, undefined, { min: 22 }, { min: 50 }, { max: 22 }, { min: 50, max: 150 }];

export type SearchBody = {
  connectorTypes: string[];
  near: { lat: number; lng: number; radiusKm: number };
  powerKw: { min?: number; max?: number } | undefined;
  onlyAvailable: boolean;
  includeRestricted: boolean;
  page: number;
  pageSize: number;
};

/**
 * Every call a new point (up to 30 km from a centre, never the same twice) and a random filter:
 * plugs, power, radius, availability, page: no two searches alike. Some filters match nothing
 * (a CCS2 connector of 22 kW or less), as drivers' filters sometimes do.
 */
export function newSearches(seed: number): () => SearchBody {
  const random = createRandom(seed);
  let unique = 0;
  return () => {
    unique++;
    const [lat, lng] = centres[unique % centres.length] as readonly [number, number];
    const angle = unique * 2.399963; // golden angle: points spread evenly, never repeat
    const km = 30 * Math.sqrt(random.next());
    const dLat = (km / 111.2) * Math.cos(angle);
    const dLng = ((km / 111.2) * Math.sin(angle)) / Math.cos((lat * Math.PI) / 180);
    return {
      connectorTypes: random.pick(plugSets),
      near: { lat: lat + dLat, lng: lng + dLng, radiusKm: random.pick([5, 10, 25, 50, 50]) },
      powerKw: random.pick(powers),
      onlyAvailable: random.chance(0.3),
      includeRestricted: random.chance(0.8),
      page: random.chance(0.8) ? 1 : 2,
      pageSize: random.pick([10, 20, 20, 50]),
    };
  };
}
