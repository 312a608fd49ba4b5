// Codes of the points answer (station-schemas.ts stationPointsSchema): availability 0 free,
// 1 busy, 2 offline; chargeClass 0 slow, 1 normal, 2 fast. No imports: the legend uses these
// on the first screen, before the map code loads.
export const availabilityCode = { free: 0, busy: 1, offline: 2 } as const;
export const chargeClassCode = { slow: 0, normal: 1, fast: 2 } as const;

// White text and outlines on these reach 4.5:1; the white outline separates a marker from any
// tile, and from the plain background when there are no tiles.
export const markerColors: Record<number, string> = {
  [availabilityCode.free]: '#15803d',
  [availabilityCode.busy]: '#b45309',
  [availabilityCode.offline]: '#4b5563',
};
