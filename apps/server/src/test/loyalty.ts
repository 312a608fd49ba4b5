import { randomBytes } from 'node:crypto';
import { loyaltyCompanies } from '../db/schema/driver';
import type { TestServer } from './harness';

// Loyalty programmes for the tests (SPEC §7 Loyalty), and card numbers each would issue.

let issued = 0;

/** A programme of its own name; a discount of 10 % with 13-digit EAN-13 numbers unless said. */
export async function addLoyaltyCompany(
  server: Pick<TestServer, 'db'>,
  values: Partial<typeof loyaltyCompanies.$inferInsert> = {},
) {
  const [row] = await server.db
    .insert(loyaltyCompanies)
    .values({
      name: `Programme ${randomBytes(4).toString('hex')}`,
      numberLength: 13,
      numberPrefix: '29',
      checkDigit: 'ean13',
      barcode: 'ean13',
      benefitKind: 'discount',
      discountPercent: 10,
      ...values,
    })
    .returning();
  if (!row) throw new Error('loyalty company insert failed');
  return row;
}

/** A points programme: 2 points a kWh, 16-digit Luhn numbers starting with 7, Code 128. */
export function addPointsCompany(server: Pick<TestServer, 'db'>) {
  return addLoyaltyCompany(server, {
    benefitKind: 'points',
    discountPercent: null,
    pointsPerKwh: 2,
    numberLength: 16,
    numberPrefix: '7',
    checkDigit: 'luhn',
    barcode: 'code128',
  });
}

/** GS1 7.9.1: `body` (12 digits) with its EAN-13 check digit. */
export function withEan13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** ISO/IEC 7812-1 Annex B: `body` with its Luhn check digit. */
export function withLuhn(body: string): string {
  for (let check = 0; check <= 9; check++) {
    const digits = `${body}${check}`;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('no Luhn digit');
}

/** A new number, `length` digits with `prefix` and a check digit by `checkDigit`. */
export function cardNumber(
  prefix: string,
  length: number,
  checkDigit: 'ean13' | 'luhn' | 'none',
): string {
  issued += 1;
  const unique = `${Date.now() % 1_000_000}${issued}`.padStart(8, '0');
  const bodyLength = checkDigit === 'none' ? length : length - 1;
  const body = `${prefix}${unique}`.padEnd(bodyLength, '7').slice(0, bodyLength);
  if (checkDigit === 'ean13') return withEan13(body);
  return checkDigit === 'luhn' ? withLuhn(body) : body;
}
