import { randomInt } from 'node:crypto';
import type { Country } from '@evcharge/domain/constants';
import { phoneCountries } from '@evcharge/domain/phone';

// Leading digits of mobile numbers in each country, so the number that calls looks like one a
// phone might really show (DESIGN.md: the caller number's last 4 digits are the code).
const mobileLeads = {
  ru: ['900', '912', '916', '925', '977', '985'],
  kk: ['701', '705', '707', '747', '777'],
  az: ['50', '51', '55', '70', '77'],
  kg: ['550', '555', '700', '705', '770'],
  lv: ['20', '22', '26', '29'],
  tj: ['90', '91', '92', '93', '98'],
  uz: ['90', '91', '93', '94', '97', '99'],
  jo: ['77', '78', '79'],
} as const satisfies Record<Country, readonly string[]>;

function randomDigits(count: number): string {
  let digits = '';
  for (let i = 0; i < count; i += 1) digits += String(randomInt(0, 10));
  return digits;
}

/** A mobile number of the country (E.164) ending in `lastDigits`: the caller of a call code. */
export function callerNumber(country: Country, lastDigits: string): string {
  const { prefix, digits } = phoneCountries[country];
  const leads = mobileLeads[country];
  const lead = leads[randomInt(0, leads.length)]!;
  return `${prefix}${lead}${randomDigits(digits - lead.length - lastDigits.length)}${lastDigits}`;
}

/** The service's inbound number when none is configured: a fixed demo number of the country. */
export function demoInboundNumber(country: Country): string {
  const { prefix, digits } = phoneCountries[country];
  const lead = mobileLeads[country][0];
  return `${prefix}${lead}${'0'.repeat(digits - lead.length - 3)}100`;
}
