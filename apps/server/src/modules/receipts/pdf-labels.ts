import type { Language } from '@evcharge/domain/constants';
import type { ReceiptItem, ReceiptItemCode, ReceiptKind } from '../../db/schema/money';
import { localeTexts } from '../../locales/texts';

// The words on a receipt's PDF, from the `receipt` locale files. Russian, English and Spanish
// are written out; a reader of another language gets Russian and English side by side.

export type PdfLabels = {
  receipt: string;
  kinds: Record<ReceiptKind, string>;
  seller: string;
  taxId: string;
  email: string;
  date: string;
  session: string;
  station: string;
  columns: { item: string; quantity: string; price: string; vat: string; amount: string };
  units: Record<ReceiptItem['unit'], string>;
  items: Record<ReceiptItemCode, string>;
  total: string;
  /** `{{rate}}` is replaced by the rate. */
  vatIncluded: string;
  noVat: string;
  paidFromBalance: string;
  paidByCard: string;
  /** An owner's earnings statement: what the balance got. */
  creditedToBalance: string;
  /** SPEC §3 currencies: `{{price}}` in the station's currency, `{{rate}}` the brand's rate. */
  exchange: string;
};

export function pdfLabels(language: Language): PdfLabels {
  return localeTexts(language, 'receipt');
}
