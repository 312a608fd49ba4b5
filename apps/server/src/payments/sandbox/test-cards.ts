import { isLuhnValid } from '@evcharge/domain/payments';

// The sandbox acquirer's test cards (README "Test cards"), in the spirit of the public
// acquirers' test numbers: a few that work, one per ACQ code, and a few that fail later.
// Any future expiry and any 3 digits of CVC; the 3-D Secure code is SANDBOX_3DS_CODE.

export const SANDBOX_3DS_CODE = '123456';

/**
 * ok: everything works. ACQn: the card's payments and its binding fail with that code.
 * later:ACQn: it binds, then every payment fails with the code. blocked: it binds, then the
 * bank blocks it (CARD_BLOCKED, and the card shows "blocked by the bank").
 */
export type CardBehaviour = 'ok' | `ACQ${number}` | `later:ACQ${number}` | 'blocked';

export type TestCard = { number: string; brand: string; bank: string; behaviour: CardBehaviour };

const working: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', bank: 'Sandbox Bank', behaviour: 'ok' },
  { number: '5555555555554444', brand: 'mastercard', bank: 'Sandbox Bank', behaviour: 'ok' },
  { number: '2200700000000009', brand: 'mir', bank: 'Sandbox Bank', behaviour: 'ok' },
  { number: '4000000000000341', brand: 'visa', bank: 'Sandbox Bank', behaviour: 'later:ACQ1' },
  { number: '4000000000009987', brand: 'visa', bank: 'Sandbox Bank', behaviour: 'blocked' },
];

/** 4000 NN00 0000 000C: the card that fails with ACQNN (C is the Luhn digit). */
export function declineCardNumber(code: number): string {
  const body = `4000${String(code).padStart(2, '0')}000000000`;
  for (let check = 0; check < 10; check++) {
    if (isLuhnValid(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error(`no Luhn digit for ${body}`);
}

export const testCards: readonly TestCard[] = [
  ...working,
  ...Array.from({ length: 23 }, (_, index) => ({
    number: declineCardNumber(index + 1),
    brand: 'visa',
    bank: 'Sandbox Bank',
    behaviour: `ACQ${index + 1}` as CardBehaviour,
  })),
];

/** The brand of a card number by its first digits (the IIN ranges of the schemes). */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^220[0-4]/.test(number)) return 'mir';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^62/.test(number)) return 'unionpay';
  return 'card';
}

/** A card typed on the sandbox page: a test card, or any other valid number, which works. */
export function cardOf(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits)) return undefined;
  return (
    testCards.find((card) => card.number === digits) ?? {
      number: digits,
      brand: brandOf(digits),
      bank: 'Sandbox Bank',
      behaviour: 'ok',
    }
  );
}
