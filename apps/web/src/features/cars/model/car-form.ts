import { z } from 'zod';
import { carBodySchema, type Car, type CarBody } from '@evcharge/api/cars/car-schemas';

// The car form checks with the server's own rules (the contract's body, built from domain's
// validation: SPEC §5 VIN of 17 characters, a name with letters, SoC 0..100 …); only the way
// in differs: every field is typed text, and an empty number field means "not known".

const body = carBodySchema.shape;

/** "80", " 12,5 " → a number for the rule to check; "" → null; "abc" fails as `number`. */
const numberText = <T extends z.ZodType<unknown, number | null | undefined>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((text): number | null | undefined => (text === '' ? null : Number(text.replace(',', '.'))))
    .pipe(rule);

export const carFormSchema = z.object({
  name: body.name,
  catalogueId: z
    .string()
    .transform((id): string | null | undefined => id || null)
    .pipe(body.catalogueId),
  vin: body.vin,
  socPercent: numberText(body.socPercent),
  batteryTemperatureC: numberText(body.batteryTemperatureC),
  rangeKm: numberText(body.rangeKm),
});

export type CarFormInput = z.input<typeof carFormSchema>;
export type CarFormValues = z.output<typeof carFormSchema>;
export const carFormFields = ['name', 'catalogueId', 'vin', 'socPercent', 'batteryTemperatureC', 'rangeKm'] as const;

const text = (value: number | null) => (value === null ? '' : String(value));

/** The form filled with a car as it is, or empty for a new one. */
export function carFormDefaults(car?: Car): CarFormInput {
  return {
    name: car?.name ?? '',
    catalogueId: car?.catalogueId ?? '',
    vin: car?.vin ?? '',
    socPercent: text(car?.socPercent ?? null),
    batteryTemperatureC: text(car?.batteryTemperatureC ?? null),
    rangeKm: text(car?.rangeKm ?? null),
  };
}

/** The request body; the position the form does not show is sent back unchanged. */
export function carBodyOf(values: CarFormValues, car?: Car): CarBody {
  return { ...values, lat: car?.lat ?? null, lng: car?.lng ?? null };
}
