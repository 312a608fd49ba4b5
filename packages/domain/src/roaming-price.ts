import { divideRoundHalfUp } from './money';

/** A rational number kept exactly, e.g. { numerator: 9825, denominator: 100 } for 98.25. */
export type ExactRatio = { numerator: bigint | number; denominator: bigint | number };

export type RoamingPriceInput = {
  /** Our markup on the partner's price: "7.5" or 7.5 for 7.5 %. */
  markupPercent: string | number;
  /**
   * Driver-currency units one partner-currency unit buys: a decimal string ("98.25") or an
   * exact ratio. Read without rounding, whatever its number of decimals.
   */
  rate: string | ExactRatio;
  /** Minor digits of each currency (ISO 4217); 2 unless said. */
  partnerMinorDigits?: number;
  driverMinorDigits?: number;
};

export type RoamingPrice = {
  /** The partner's price, in the partner's minor units. */
  partnerMinor: number;
  /** Our markup in the partner's minor units, rounded half up (for display). */
  markupMinor: number;
  /** (partner price + markup) × rate in the driver's minor units, rounded half up once. */
  driverMinor: number;
};

type Ratio = { numerator: bigint; denominator: bigint };

// A decimal as an exact ratio: "98.25" is 9825/100. Numbers go through their shortest decimal
// text (String(0.1) is "0.1"), which is what was written in the configuration.
function decimalRatio(value: string | number, what: string): Ratio {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`${what} must be a finite number, got ${value}`);
  }
  const text = String(value).trim();
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match) throw new RangeError(`${what} must be a non-negative decimal, got "${text}"`);
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

function exactRatio(value: ExactRatio, what: string): Ratio {
  const part = (x: bigint | number) => {
    if (typeof x === 'number' && !Number.isSafeInteger(x)) {
      throw new RangeError(`${what} takes integers, got ${x}`);
    }
    return BigInt(x);
  };
  const numerator = part(value.numerator);
  const denominator = part(value.denominator);
  if (numerator < 0n || denominator <= 0n) {
    throw new RangeError(`${what} must be a non-negative ratio with a positive denominator`);
  }
  return { numerator, denominator };
}

function digits(value: number | undefined, what: string): bigint {
  const count = value ?? 2;
  if (!Number.isInteger(count) || count < 0 || count > 6) {
    throw new RangeError(`${what} must be an integer from 0 to 6, got ${count}`);
  }
  return 10n ** BigInt(count);
}

function safe(value: bigint, what: string): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${what} is too large`);
  return result;
}

/**
 * What a driver pays for a partner's roaming price: (partner price + our markup) × rate, in
 * integers throughout and rounded half up once at the end.
 */
export function roamingPrice(amountMinor: number, input: RoamingPriceInput): RoamingPrice {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`amountMinor must be a non-negative integer, got ${amountMinor}`);
  }
  const markup = decimalRatio(input.markupPercent, 'markupPercent');
  const rate =
    typeof input.rate === 'string'
      ? decimalRatio(input.rate, 'rate')
      : exactRatio(input.rate, 'rate');
  if (rate.numerator === 0n) throw new RangeError('rate must be positive');
  const partnerScale = digits(input.partnerMinorDigits, 'partnerMinorDigits');
  const driverScale = digits(input.driverMinorDigits, 'driverMinorDigits');

  const amount = BigInt(amountMinor);
  const hundredTimesMarkupDenominator = 100n * markup.denominator;
  const markupMinor = divideRoundHalfUp(amount * markup.numerator, hundredTimesMarkupDenominator);
  // amount × (100 + markup%) / 100 × rate, from partner minor to driver minor units.
  const driverMinor = divideRoundHalfUp(
    amount * (hundredTimesMarkupDenominator + markup.numerator) * rate.numerator * driverScale,
    hundredTimesMarkupDenominator * rate.denominator * partnerScale,
  );
  return {
    partnerMinor: amountMinor,
    markupMinor: safe(markupMinor, 'markupMinor'),
    driverMinor: safe(driverMinor, 'driverMinor'),
  };
}
