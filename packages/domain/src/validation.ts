import { z } from 'zod';
import { IMAGE_MAX_BYTES, PASSWORD_MIN_LENGTH, PHONE_CODE_LENGTH, VIN_LENGTH } from './constants';

// SPEC §5. Each rule's message is a key in the `validation` i18n namespace, so the web shows
// it translated and the server reports it in `fields[].rule`.
export const rule = {
  required: 'required',
  passwordTooShort: 'passwordTooShort',
  passwordWeak: 'passwordWeak',
  /** Among the most common passwords (checked on the server only). */
  passwordCommon: 'passwordCommon',
  passwordsDiffer: 'passwordsDiffer',
  email: 'email',
  number: 'number',
  letters: 'letters',
  vin: 'vin',
  limitValueRequired: 'limitValueRequired',
  amount: 'amount',
  imageTooLarge: 'imageTooLarge',
  imageType: 'imageType',
  connectorTypes: 'connectorTypes',
  phoneCode: 'phoneCode',
  phone: 'phone',
  tooLong: 'tooLong',
  /** A NUL or a lone surrogate, which no text may hold (the server checks every request). */
  characters: 'characters',
  termsRequired: 'termsRequired',
  invalid: 'invalid',
  /** SPEC §5 reservation dates: in the past, end not after start, length, horizon, hours. */
  reservePast: 'reservePast',
  reserveOrder: 'reserveOrder',
  reserveLength: 'reserveLength',
  reserveHorizon: 'reserveHorizon',
  reserveHours: 'reserveHours',
  /** SPEC §2 shop: a delivery's postal code. */
  postcode: 'postcode',
  /** SPEC §2 schedule of a private station: a time, a period's order, a date off, a price. */
  timeFormat: 'timeFormat',
  periodOrder: 'periodOrder',
  dateFormat: 'dateFormat',
  priceLimit: 'priceLimit',
} as const;
export type Rule = (typeof rule)[keyof typeof rule];

export const TEXT_MAX_LENGTH = 200;

/** A required, trimmed text field. */
export const requiredText = (max = TEXT_MAX_LENGTH) =>
  z
    .string({ error: rule.required })
    .trim()
    .min(1, { error: rule.required, abort: true })
    .max(max, { error: rule.tooLong });

export const emailSchema = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required, abort: true })
  .max(254, { error: rule.tooLong })
  .pipe(z.email({ error: rule.email }))
  .transform((value) => value.toLowerCase());

// SPEC §5: at least 6 characters, with upper- and lower-case letters and digits.
export const passwordSchema = z
  .string({ error: rule.required })
  .min(1, { error: rule.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: rule.passwordTooShort })
  .max(128, { error: rule.tooLong })
  .refine((value) => /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\d/.test(value), {
    error: rule.passwordWeak,
  });

/** New password and its repeat; a mismatch is reported on `repeat`. */
export const passwordPairSchema = z
  .object({ password: passwordSchema, repeat: z.string({ error: rule.required }) })
  .refine((value) => value.password === value.repeat, {
    error: rule.passwordsDiffer,
    path: ['repeat'],
  });

/** A person's name: required, must contain letters. */
export const nameSchema = requiredText(80).refine((value) => /\p{L}/u.test(value), {
  error: rule.letters,
});

/** Text typed into a number field ("12.5", "12,5"). */
export const numberTextSchema = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required, abort: true })
  .regex(/^-?\d+([.,]\d+)?$/, { error: rule.number })
  .transform((value) => Number(value.replace(',', '.')));

// SPEC §5 / §9: a VIN has 17 characters (ISO 3779: letters and digits, no I, O or Q).
export const vinSchema = z
  .string({ error: rule.required })
  .trim()
  .toUpperCase()
  .length(VIN_LENGTH, { error: rule.vin })
  .regex(/^[A-HJ-NPR-Z0-9]+$/, { error: rule.vin });

/**
 * A money amount typed by a person: greater than 0, at most two decimals (SPEC §5). Text that
 * is no number at all has the number format error, not the amount's.
 */
export const amountTextSchema = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required, abort: true })
  .regex(/^-?\d+([.,]\d+)?$/, { error: rule.number, abort: true })
  .regex(/^\d+([.,]\d{1,2})?$/, { error: rule.amount })
  .transform((value) => Number(value.replace(',', '.')))
  .refine((value) => value > 0 && Number.isFinite(value), { error: rule.amount });

/** An amount in minor units sent to the API. */
export const amountMinorSchema = z
  .number({ error: rule.amount })
  .int({ error: rule.amount })
  .positive({ error: rule.amount })
  .max(1_000_000_000, { error: rule.amount });

export const imageTypes = ['image/jpeg', 'image/png'] as const;
export const imageExtensions = ['jpg', 'jpeg', 'png'] as const;

/** SPEC §5: an image upload is at most 500 kB, jpg, jpeg or png. */
export const imageFileSchema = z
  .object({ name: z.string(), size: z.number(), type: z.string() })
  .refine((file) => file.size <= IMAGE_MAX_BYTES, { error: rule.imageTooLarge })
  .refine(
    (file) =>
      (imageTypes as readonly string[]).includes(file.type) &&
      (imageExtensions as readonly string[]).includes(
        file.name.split('.').pop()?.toLowerCase() ?? '',
      ),
    { error: rule.imageType },
  );

/** Checks an upload by its first bytes, not its name (DESIGN.md: Security). */
export function detectImageType(bytes: Uint8Array): (typeof imageTypes)[number] | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  return undefined;
}

/** SPEC §5 / §9: phone verification codes have 4 digits. */
export const phoneCodeSchema = z
  .string({ error: rule.required })
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), { error: rule.phoneCode });

/** SPEC §5: the filter needs at least one connector type. */
export const connectorTypesSchema = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: rule.connectorTypes }).min(1, { error: rule.connectorTypes });

// SPEC §4: limit modes; a value is required with cost, time and energy.
export const limitModes = ['none', 'full', 'cost', 'time', 'energy'] as const;
export type LimitMode = (typeof limitModes)[number];

export const chargeLimitSchema = z
  .object({
    mode: z.enum(limitModes, { error: rule.invalid }),
    value: z.number({ error: rule.number }).positive({ error: rule.amount }).optional(),
  })
  .refine((limit) => limit.mode === 'none' || limit.mode === 'full' || limit.value !== undefined, {
    error: rule.limitValueRequired,
    path: ['value'],
  });

/** Registration needs the terms accepted. */
export const termsAcceptedSchema = z.literal(true, { error: rule.termsRequired });
