import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { receiptItem } from './receipt-items';
import { offsetText, pdfDateText, renderReceiptPdf } from './pdf';
import type { ReceiptRow } from './repo';

const row: ReceiptRow = {
  receipt: {
    id: '6f1c1a52-7d0b-4a53-9c38-0c2a3f3f1c11',
    number: '20261015-000042',
    kind: 'session',
    userId: '0b0e9a52-1d0b-4a53-9c38-0c2a3f3f1c11',
    sessionId: '1b0e9a52-1d0b-4a53-9c38-0c2a3f3f1c11',
    reservationId: null,
    balanceOperationId: null,
    shopOrderId: null,
    amountMinor: 15_093,
    vatMinor: 2_516,
    currency: 'rub',
    items: [
      receiptItem('start_fee', 3_000, 20),
      receiptItem('energy', 12_093, 20, { quantity: 7.777, unit: 'kWh', unitPriceMinor: 1555 }),
    ],
    seller: {
      name: 'ООО «Евочардж Демо»',
      taxId: '7701234567',
      address: '125009, Москва, ул. Тверская, д. 1',
      email: 'receipts@evcharge.demo',
    },
    payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
    exchange: null,
    createdAt: new Date('2026-10-15T10:00:00Z'),
  },
  transactionId: 42,
  stationName: 'Тверская, 1',
  utcOffsetMinutes: 180,
};

describe('renderReceiptPdf', () => {
  it.each(languages)('makes a PDF in %s', async (language) => {
    const pdf = await renderReceiptPdf(row, { language, utcOffsetMinutes: 120 });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(1024);
    // The text itself is glyph ids of the embedded font; the metadata names the receipt.
    expect(pdf.toString('latin1')).toContain('(Receipt 20261015-000042)');
  });

  it('makes a PDF for a receipt without VAT paid from the balance', async () => {
    const pdf = await renderReceiptPdf(
      {
        ...row,
        receipt: {
          ...row.receipt,
          kind: 'top_up',
          currency: 'azn',
          vatMinor: 0,
          items: [receiptItem('top_up', 50_000, null)],
          payment: { method: 'balance' },
        },
        transactionId: null,
        stationName: null,
        utcOffsetMinutes: null,
      },
      { language: 'az', utcOffsetMinutes: 240 },
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says what a station priced in another currency came to there, and the rate (SPEC §3)', async () => {
    const exchange = { currency: 'usd' as const, amountMinor: 165, rate: '91.2' };
    const plain = await renderReceiptPdf(row, { language: 'en', utcOffsetMinutes: 180 });
    const paidAtRate = await renderReceiptPdf(
      { ...row, receipt: { ...row.receipt, exchange } },
      { language: 'en', utcOffsetMinutes: 180 },
    );
    expect(paidAtRate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // One line more: "In the station's currency: $1.65 at 91.2 RUB/USD".
    expect(paidAtRate.length).toBeGreaterThan(plain.length);
  });

  it('dates the receipt on its zone’s clock and names the zone, as the web does', () => {
    const at = new Date('2026-11-20T03:46:00Z');
    expect(pdfDateText(at, 180, 'en')).toMatch(/^November 20, 2026.*6:46\s?AM \(UTC\+3\)$/);
    expect(pdfDateText(at, 0, 'en')).toMatch(/3:46\s?AM \(UTC\)$/);
    expect(pdfDateText(at, 180, 'ru')).toMatch(/^20 ноября 2026.*06:46 \(UTC\+3\)$/);
    expect([offsetText(180), offsetText(-210), offsetText(0), offsetText(330)]).toEqual([
      'UTC+3',
      'UTC−3:30',
      'UTC',
      'UTC+5:30',
    ]);
  });
});
