import type { Card } from '@evcharge/api/payments/payment-schemas';

/** The CSS modifier of a brand's card face; unknown schemes share a neutral one. */
export function brandTone(brand: string): string {
  const key = brand.toLowerCase().replace(/[^a-z]/g, '');
  return ['visa', 'mastercard', 'maestro', 'mir', 'unionpay'].includes(key) ? key : 'other';
}

/** "08/27", as printed on the card. */
export function expiryText(card: Pick<Card, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

