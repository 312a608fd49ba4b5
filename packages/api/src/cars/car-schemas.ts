import { z } from 'zod';
import { nameSchema, rule, vinSchema } from '@evcharge/domain/validation';

// SPEC §3 Car: the driver's cars, with the catalogue's battery and power when the
// driver picked a model.

export const carSchema = z.object({
  Id: z.string(),
  name: z.string(),
  catalogueId: z.string().nullable(),
  vin: z.string().nullable(),
  socPercent: z.number().int().nullable(),
  batteryTemperatureC: z.number().int().nullable(),
  rangeKm: z.number().int().nullable(),
  batteryKwh: z.number().nullable(),
  maxAcKw: z.number().nullable(),
  maxDcKw: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  updatedAt: z.string(),
});
export type Car = z.infer<typeof carSchema>;

const optionalInt = (min: number, max: number) =>
  z
    .number({ error: rule.number })
    .int({ error: rule.number })
    .min(min, { error: rule.invalid })
    .max(max, { error: rule.invalid })
    .nullish();

/** What the driver types about a car; the VIN is 17 characters (SPEC §5, ISO 3779). */
export const carBodySchema = z
  .object({
    name: nameSchema,
    catalogueId: z.string({ error: rule.invalid }).max(64, { error: rule.invalid }).nullish(),
    vin: z
      .union([z.literal(''), vinSchema], { error: rule.vin })
      .nullish()
      .transform((value) => (value ? value : null)),
    socPercent: optionalInt(0, 100),
    batteryTemperatureC: optionalInt(-60, 100),
    rangeKm: optionalInt(0, 2000),
    lat: z
      .number({ error: rule.number })
      .min(-90, { error: rule.invalid })
      .max(90, { error: rule.invalid })
      .nullish(),
    lng: z
      .number({ error: rule.number })
      .min(-180, { error: rule.invalid })
      .max(180, { error: rule.invalid })
      .nullish(),
  })
  .strict();
export type CarBody = z.input<typeof carBodySchema>;
