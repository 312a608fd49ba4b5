import { describe, expect, it } from 'vitest';
import { carCatalogue, catalogueCar } from './car-catalogue';

describe('the car catalogue', () => {
  it('has one entry per id, each with a battery and AC and DC power that make sense', () => {
    const ids = carCatalogue.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of carCatalogue) {
      expect(entry.batteryKwh, entry.id).toBeGreaterThan(10);
      expect(entry.batteryKwh, entry.id).toBeLessThan(150);
      expect(entry.maxAcKw, entry.id).toBeGreaterThanOrEqual(3.6);
      expect(entry.maxAcKw, entry.id).toBeLessThanOrEqual(22);
      expect(entry.maxDcKw, entry.id).toBeGreaterThan(entry.maxAcKw);
    }
  });

  it('finds a model by id', () => {
    expect(catalogueCar('tesla-model-3-lr')).toMatchObject({ make: 'Tesla', batteryKwh: 75 });
    expect(catalogueCar('no-such-car')).toBeUndefined();
  });
});
