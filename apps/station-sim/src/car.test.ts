import { describe, expect, it } from 'vitest';
import { carAcceptanceW, chargeCar, createCar } from './car';

describe('the charging curve', () => {
  it.each([
    ['AC below the car limit', 'AC', 22_000, { maxAcKw: 11 }, 11_000],
    ['AC capped by the connector', 'AC', 7_400, { maxAcKw: 11 }, 7_400],
    ['DC at full power below 80 %', 'DC', 150_000, { maxDcKw: 100, socPercent: 79 }, 100_000],
    ['DC capped by the connector', 'DC', 50_000, { maxDcKw: 100, socPercent: 40 }, 50_000],
    ['DC tapering at 90 %', 'DC', 150_000, { maxDcKw: 100, socPercent: 90 }, 50_000],
    ['DC near full still draws a tenth', 'DC', 150_000, { maxDcKw: 100, socPercent: 99 }, 10_000],
    ['nothing when full', 'DC', 150_000, { maxDcKw: 100, socPercent: 100 }, 0],
  ] as const)('%s', (_name, currentType, capW, spec, expectedW) => {
    const car = createCar(spec);
    expect(Math.min(capW, carAcceptanceW(car, currentType))).toBeCloseTo(expectedW, 6);
  });

  it('adds energy and SoC for the time charged', () => {
    const car = createCar({ batteryKwh: 40, socPercent: 50, maxAcKw: 11 });
    const step = chargeCar(car, 'AC', 22_000, 3_600_000);
    expect(step.energyWh).toBeCloseTo(11_000, 6);
    expect(car.socPercent).toBeCloseTo(77.5, 6);
  });

  it('slows down above 80 % on DC and stops at exactly 100 %', () => {
    const car = createCar({ batteryKwh: 60, socPercent: 10, maxDcKw: 120 });
    const minutesTo = (targetPercent: number) => {
      let minutes = 0;
      while (car.socPercent < targetPercent && minutes < 600) {
        chargeCar(car, 'DC', 150_000, 60_000);
        minutes++;
      }
      return minutes;
    };
    const tenToEighty = minutesTo(80);
    const eightyToHundred = minutesTo(100);
    // 42 kWh at 120 kW is 21 minutes; above 80 % each percent takes three times as long or more.
    expect(tenToEighty).toBe(21);
    expect(eightyToHundred / 20).toBeGreaterThan(3 * (tenToEighty / 70));
    expect(car.socPercent).toBe(100);
    expect(chargeCar(car, 'DC', 150_000, 60_000)).toEqual({ powerW: 0, energyWh: 0 });
  });

  it('refuses an impossible car', () => {
    expect(() => createCar({ socPercent: 120 })).toThrow(/socPercent/);
    expect(() => createCar({ batteryKwh: 0 })).toThrow(/batteryKwh/);
  });
});
