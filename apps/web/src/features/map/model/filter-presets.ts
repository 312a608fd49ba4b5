import { MAX_POWER_KW, type StationFilterState } from './filter';

// Presets of the filter screen. Power: any, or at least 22 kW (fast AC and up), 50 kW (DC) or
// 150 kW (high-power DC); anything else is "custom". Distance: radius around the origin.
export const powerPresets = ['any', '22', '50', '150'] as const;
export type PowerChoice = (typeof powerPresets)[number] | 'custom';

export const radiusChoices = ['any', '5', '10', '25', '50', '100'] as const;
export type RadiusChoice = (typeof radiusChoices)[number];

export function powerChoiceOf(filter: StationFilterState): PowerChoice {
  const { minPowerKw: min, maxPowerKw: max } = filter;
  if (min === null && max === null) return 'any';
  if (max === null && powerPresets.some((p) => p === String(min))) return String(min) as PowerChoice;
  return 'custom';
}

export function withPowerChoice(filter: StationFilterState, choice: Exclude<PowerChoice, 'custom'>): StationFilterState {
  return { ...filter, minPowerKw: choice === 'any' ? null : Number(choice), maxPowerKw: null };
}

export function radiusChoiceOf(filter: StationFilterState): RadiusChoice {
  const match = radiusChoices.find((choice) => choice !== 'any' && Number(choice) === filter.radiusKm);
  return match ?? 'any';
}

export function withRadiusChoice(filter: StationFilterState, choice: RadiusChoice): StationFilterState {
  return { ...filter, radiusKm: choice === 'any' ? null : Number(choice) };
}

/** A typed kW value: empty is "no limit", anything not a number from 0 to 1000 is refused. */
export function parseKw(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= MAX_POWER_KW ? value : 'invalid';
}
