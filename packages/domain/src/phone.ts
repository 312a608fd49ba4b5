import { z } from 'zod';
import type { Country } from './constants';
import { rule } from './validation';

/**
 * Calling codes and national number lengths of the countries we serve (SPEC §3). Phones are
 * stored in E.164 (`+79991234567`).
 */
export const phoneCountries = {
  ru: { prefix: '+7', digits: 10 },
  kk: { prefix: '+7', digits: 10 },
  az: { prefix: '+994', digits: 9 },
  kg: { prefix: '+996', digits: 9 },
  lv: { prefix: '+371', digits: 8 },
  tj: { prefix: '+992', digits: 9 },
  uz: { prefix: '+998', digits: 9 },
  jo: { prefix: '+962', digits: 9 },
} as const satisfies Record<Country, { prefix: string; digits: number }>;

/** SPEC §3: RU +7, AZ +994, UZ +998, and the brand's own country. */
export function phoneCountriesFor(brandCountry: Country): Country[] {
  const list: Country[] = ['ru', 'az', 'uz'];
  if (!list.includes(brandCountry)) list.unshift(brandCountry);
  return list;
}

/**
 * The E.164 form of a typed phone number, or undefined when it is not a number of one of the
 * allowed countries. Spaces, dashes, dots and brackets are ignored; `8 999 …` is read as +7.
 */
export function normalisePhone(text: string, allowed: readonly Country[]): string | undefined {
  let compact = text.replace(/[\s().-]/g, '');
  if (/^8\d{10}$/.test(compact) && allowed.some((c) => phoneCountries[c].prefix === '+7')) {
    compact = `+7${compact.slice(1)}`;
  }
  if (!/^\+\d+$/.test(compact)) return undefined;
  for (const country of allowed) {
    const { prefix, digits } = phoneCountries[country];
    if (compact.startsWith(prefix) && compact.length === prefix.length + digits) return compact;
  }
  return undefined;
}

/** A phone field: required, a number of one of the allowed countries; gives E.164. */
export const phoneSchemaFor = (allowed: readonly Country[]) =>
  z
    .string({ error: rule.required })
    .trim()
    .min(1, { error: rule.required, abort: true })
    .transform((value, ctx) => {
      const phone = normalisePhone(value, allowed);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: rule.phone });
        return z.NEVER;
      }
      return phone;
    });

/** Any phone of the countries we serve; the server narrows it to the brand's list. */
export const phoneSchema = phoneSchemaFor(Object.keys(phoneCountries) as Country[]);

/** `+7 999 123-45-67`: the number grouped for reading. */
export function formatPhone(phone: string): string {
  const country = (Object.keys(phoneCountries) as Country[]).find((c) =>
    phone.startsWith(phoneCountries[c].prefix),
  );
  if (!country) return phone;
  const { prefix } = phoneCountries[country];
  const rest = phone.slice(prefix.length);
  const groups =
    rest.length === 10
      ? [rest.slice(0, 3), rest.slice(3, 6), `${rest.slice(6, 8)}-${rest.slice(8)}`]
      : [rest.slice(0, 2), rest.slice(2, 5), `${rest.slice(5, 7)}-${rest.slice(7)}`];
  return `${prefix} ${groups.join(' ')}`;
}
