import { z } from 'zod';

// SPEC §3: a connector has a current type, AC or DC.
export const currentTypes = ['AC', 'DC'] as const;
export type CurrentType = (typeof currentTypes)[number];
export const currentTypeSchema = z.enum(currentTypes);

export type SocketTypeInfo = {
  id: SocketTypeId;
  label: string;
  /** The currents the plug can carry; the connector's own `currentType` says which it uses. */
  currentTypes: readonly CurrentType[];
};

// Ids are stored in the database and sent by the API, so they never change; labels are the
// names drivers know, the same in every language.
export const socketTypeIds = [
  'type1',
  'type2',
  'ccs1',
  'ccs2',
  'chademo',
  'gbt-ac',
  'gbt-dc',
  'nacs',
  'schuko',
] as const;
export type SocketTypeId = (typeof socketTypeIds)[number];
export const socketTypeSchema = z.enum(socketTypeIds);

export const socketTypes = {
  type1: { id: 'type1', label: 'Type 1', currentTypes: ['AC'] },
  type2: { id: 'type2', label: 'Type 2', currentTypes: ['AC'] },
  ccs1: { id: 'ccs1', label: 'CCS1', currentTypes: ['DC'] },
  ccs2: { id: 'ccs2', label: 'CCS2', currentTypes: ['DC'] },
  chademo: { id: 'chademo', label: 'CHAdeMO', currentTypes: ['DC'] },
  'gbt-ac': { id: 'gbt-ac', label: 'GB/T AC', currentTypes: ['AC'] },
  'gbt-dc': { id: 'gbt-dc', label: 'GB/T DC', currentTypes: ['DC'] },
  // SAE J3400 (NACS) carries both AC and DC through the same plug.
  nacs: { id: 'nacs', label: 'Tesla/NACS', currentTypes: ['AC', 'DC'] },
  schuko: { id: 'schuko', label: 'Schuko', currentTypes: ['AC'] },
} as const satisfies { [K in SocketTypeId]: SocketTypeInfo & { id: K } };

export function isSocketType(value: unknown): value is SocketTypeId {
  return typeof value === 'string' && (socketTypeIds as readonly string[]).includes(value);
}

export function socketTypeLabel(id: SocketTypeId): string {
  return socketTypes[id].label;
}

/** Whether a plug of this type can carry the given current. */
export function socketCarries(id: SocketTypeId, currentType: CurrentType): boolean {
  return (socketTypes[id].currentTypes as readonly CurrentType[]).includes(currentType);
}

/** Socket types that can carry the given current, in list order (for filters). */
export function socketTypesFor(currentType: CurrentType): SocketTypeId[] {
  return socketTypeIds.filter((id) => socketCarries(id, currentType));
}
