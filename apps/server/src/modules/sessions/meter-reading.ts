import type { OCPP16 } from 'typed-ocpp';

// What one MeterValues entry says in our units (OCPP 1.6 §7.31 SampledValue): whole Wh of the
// energy register, W of active power, % state of charge.

export type MeterReading = { at: Date; registerWh?: number; powerW?: number; socPercent?: number };

type SampledValue = OCPP16.MeterValuesRequest['meterValue'][number]['sampledValue'][number];

const ENERGY = 'Energy.Active.Import.Register';
// A sampled value without a measurand is the energy register (the standard's default).
const measurandOf = (value: SampledValue) => value.measurand ?? ENERGY;

function number(value: SampledValue): number | undefined {
  const parsed = Number(value.value);
  // Signed data (format SignedData) is not a number we can read.
  return value.format !== 'SignedData' && value.value.trim() !== '' && Number.isFinite(parsed)
    ? parsed
    : undefined;
}

/** The total over phases: the value without a phase when there is one, else the sum of L1-L3. */
function total(values: readonly SampledValue[], measurand: string): number | undefined {
  const matching = values.filter((v) => measurandOf(v) === measurand && number(v) !== undefined);
  const whole = matching.find((v) => v.phase === undefined);
  if (whole) return number(whole);
  const phases = matching.filter((v) => v.phase === 'L1' || v.phase === 'L2' || v.phase === 'L3');
  return phases.length > 0 ? phases.reduce((sum, v) => sum + (number(v) ?? 0), 0) : undefined;
}

function unitOf(values: readonly SampledValue[], measurand: string): string | undefined {
  return values.find((v) => measurandOf(v) === measurand)?.unit;
}

export function readMeterValue(
  meterValue: OCPP16.MeterValuesRequest['meterValue'][number],
): MeterReading {
  const values = meterValue.sampledValue;
  const reading: MeterReading = { at: new Date(meterValue.timestamp) };
  const energy = total(values, ENERGY);
  if (energy !== undefined && energy >= 0) {
    // Default unit Wh; never round a reading up to energy that was not delivered. A register
    // past 2^53 Wh is no meter's (and no column's): it is kept as the largest whole number, far
    // beyond what any connector delivers (meter-timeline.ts maxEnergyWh), so it is never billed.
    const wh = Math.floor(unitOf(values, ENERGY) === 'kWh' ? energy * 1000 : energy);
    reading.registerWh = Math.min(wh, Number.MAX_SAFE_INTEGER);
  }
  const power = total(values, 'Power.Active.Import');
  if (power !== undefined && power >= 0) {
    reading.powerW = Math.round(
      unitOf(values, 'Power.Active.Import') === 'kW' ? power * 1000 : power,
    );
  }
  const soc = total(values, 'SoC');
  if (soc !== undefined && soc >= 0 && soc <= 100) reading.socPercent = Math.round(soc);
  return reading;
}
