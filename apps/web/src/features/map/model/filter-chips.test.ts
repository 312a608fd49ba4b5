import { describe, expect, it } from 'vitest';
import { defaultFilter } from './filter';
import { activeFilterChips, withoutChip } from './filter-chips';

describe('filter chips', () => {
  it('shows nothing for the default filter', () => {
    expect(activeFilterChips(defaultFilter)).toEqual([]);
  });

  it('lists every active part and removes each on its own', () => {
    const filter = {
      ...defaultFilter, connectorTypes: ['ccs2' as const], minPowerKw: 50, radiusKm: 10,
      includeRestricted: false, includeRoaming: false, onlyAvailable: true,
    };
    const chips = activeFilterChips(filter);
    expect(chips.map((c) => c.kind)).toEqual(['connectorTypes', 'power', 'radius', 'noRestricted', 'noRoaming', 'onlyAvailable']);
    for (const chip of chips) {
      const rest = activeFilterChips(withoutChip(filter, chip.kind)).map((c) => c.kind);
      expect(rest).not.toContain(chip.kind);
      expect(rest).toHaveLength(chips.length - 1);
    }
  });
});
