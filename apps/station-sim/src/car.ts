// The car behind a plug: a battery and a charging curve. Pure functions, no I/O.

export type CurrentType = 'AC' | 'DC';

export type Car = {
  batteryKwh: number;
  socPercent: number;
  /** The on-board charger's limit on AC. */
  maxAcKw: number;
  /** The battery's limit on DC, before the taper. */
  maxDcKw: number;
};

export const defaultCar: Car = { batteryKwh: 60, socPercent: 20, maxAcKw: 11, maxDcKw: 100 };

/** DC power falls off above this state of charge (a lithium-ion battery's constant-voltage phase). */
export const taperStartPercent = 80;
/** Near full the car still draws this share of its DC maximum, so it reaches 100 % in finite time. */
const minTaperShare = 0.1;

export function createCar(spec: Partial<Car> = {}): Car {
  const car = { ...defaultCar, ...spec };
  if (!(car.batteryKwh > 0)) throw new Error(`batteryKwh must be positive, got ${car.batteryKwh}`);
  if (!(car.socPercent >= 0 && car.socPercent <= 100)) {
    throw new Error(`socPercent must be within 0..100, got ${car.socPercent}`);
  }
  return car;
}

/** What the car itself would accept right now, in watts. */
export function carAcceptanceW(car: Car, currentType: CurrentType): number {
  if (car.socPercent >= 100) return 0;
  if (currentType === 'AC') return car.maxAcKw * 1000;
  if (car.socPercent < taperStartPercent) return car.maxDcKw * 1000;
  const share = Math.max(minTaperShare, (100 - car.socPercent) / (100 - taperStartPercent));
  return car.maxDcKw * 1000 * share;
}

export type ChargeStep = { powerW: number; energyWh: number };

/**
 * Charges the car for `durationMs` under a cap (the connector's power and any charging
 * profile, in watts), in steps of at most a second so the taper is followed closely.
 * Mutates the car's SoC; returns the energy delivered and the power at the end of the step.
 */
export function chargeCar(
  car: Car,
  currentType: CurrentType,
  capW: number,
  durationMs: number,
): ChargeStep {
  let energyWh = 0;
  let powerW = 0;
  for (let leftMs = durationMs; leftMs > 0;) {
    const stepMs = Math.min(1000, leftMs);
    leftMs -= stepMs;
    powerW = Math.max(0, Math.min(capW, carAcceptanceW(car, currentType)));
    if (powerW === 0) break;
    const roomWh = ((100 - car.socPercent) / 100) * car.batteryKwh * 1000;
    const stepWh = Math.min(roomWh, (powerW * stepMs) / 3_600_000);
    // Set 100 exactly when full: adding the last fraction in floating point may fall short.
    car.socPercent =
      stepWh >= roomWh ? 100 : car.socPercent + (stepWh / (car.batteryKwh * 1000)) * 100;
    energyWh += stepWh;
  }
  powerW = Math.max(0, Math.min(capW, carAcceptanceW(car, currentType)));
  return { powerW, energyWh };
}
