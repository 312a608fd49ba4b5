import { describe, expect, it } from 'vitest';
import {
  isSocketType,
  socketCarries,
  socketTypeIds,
  socketTypeLabel,
  socketTypes,
  socketTypesFor,
  type SocketTypeId,
} from './socket-type';

describe('socket types', () => {
  it.each<[SocketTypeId, string, string[]]>([
    ['type1', 'Type 1', ['AC']],
    ['type2', 'Type 2', ['AC']],
    ['ccs1', 'CCS1', ['DC']],
    ['ccs2', 'CCS2', ['DC']],
    ['chademo', 'CHAdeMO', ['DC']],
    ['gbt-ac', 'GB/T AC', ['AC']],
    ['gbt-dc', 'GB/T DC', ['DC']],
    ['nacs', 'Tesla/NACS', ['AC', 'DC']],
    ['schuko', 'Schuko', ['AC']],
  ])('%s is %s carrying %j', (id, label, currents) => {
    expect(socketTypes[id]).toEqual({ id, label, currentTypes: currents });
    expect(socketTypeLabel(id)).toBe(label);
    expect(isSocketType(id)).toBe(true);
  });

  it('lists every socket type once', () => {
    expect(Object.keys(socketTypes)).toEqual(socketTypeIds);
  });

  it.each(['Type 2', 'ccs', '', 2])('%j is not a socket type id', (value) => {
    expect(isSocketType(value)).toBe(false);
  });

  it('filters by current', () => {
    expect(socketTypesFor('DC')).toEqual(['ccs1', 'ccs2', 'chademo', 'gbt-dc', 'nacs']);
    expect(socketTypesFor('AC')).toEqual(['type1', 'type2', 'gbt-ac', 'nacs', 'schuko']);
    expect(socketCarries('chademo', 'AC')).toBe(false);
  });
});
