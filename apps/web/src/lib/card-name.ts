import type { Card } from '@evcharge/api/payments/payment-schemas';

// The driver's cards as the money screens and the shop name them.

// Scheme names are proper names: written as the schemes write them, in every language.
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  mir: 'Mir',
  amex: 'American Express',
  americanexpress: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  humo: 'Humo',
  uzcard: 'Uzcard',
  elcart: 'Elcart',
  belkart: 'Belkart',
};

export function brandName(brand: string): string {
  const key = brand.toLowerCase().replace(/[^a-z]/g, '');
  return brandNames[key] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');
}

/** A card works to the end of its expiry month (acquirers send the year with 2 or 4 digits). */
export function isExpired(card: Pick<Card, 'expMonth' | 'expYear'>, now = new Date()): boolean {
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const year = now.getFullYear();
  return expYear < year || (expYear === year && card.expMonth < now.getMonth() + 1);
}
