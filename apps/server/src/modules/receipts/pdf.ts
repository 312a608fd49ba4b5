import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { localeOf, type Language } from '@evcharge/domain/constants';
import { isoCode } from '@evcharge/domain/currency';
import { formatMoney } from '@evcharge/domain/money';
import type { ReceiptPayment } from '../../db/schema/money';
import { fill } from '../../locales/texts';
import { pdfLabels, type PdfLabels } from './pdf-labels';
import { receiptOffsetMinutes } from './receipt-zone';
import type { ReceiptRow } from './repo';

// GET /api/receipts/:id/pdf: the receipt as an A4 PDF. DejaVu Sans (npm dejavu-fonts-ttf)
// has Cyrillic and the Latin letters of every language we speak; pdfkit embeds only the
// glyphs used. pdfkit (with its font and compression code, about 6 MB of heap) is loaded at
// the first receipt asked as a PDF, not at start: most processes never draw one.

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const MARGIN = 50;
const PAGE_BOTTOM = 842 - MARGIN;
// x and width of the item table's columns on A4 (595 pt wide).
const columns = {
  item: { x: MARGIN, width: 195 },
  quantity: { x: 250, width: 75 },
  price: { x: 330, width: 75 },
  vat: { x: 410, width: 60 },
  amount: { x: 475, width: 70 },
} as const;
const TABLE_RIGHT = columns.amount.x + columns.amount.width;

export type PdfOptions = {
  language: Language;
  /** The brand's offset: the date is in the station's local time for a session, else in this one (receipt-zone.ts). */
  utcOffsetMinutes: number;
};

/** 180 → "UTC+3", -210 → "UTC−3:30", 0 → "UTC": as the web names a station's zone. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * "October 15, 2026 at 1:00 PM (UTC+3)": the receipt's date on its zone's clock, the zone always
 * named (a document has no reader's clock to agree with), as the web's station-clock words it.
 */
export function pdfDateText(at: Date, offsetMinutes: number, language: Language): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const text = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(local);
  return `${text} (${offsetText(offsetMinutes)})`;
}

function paymentText(payment: ReceiptPayment, labels: PdfLabels): string {
  if (payment.method === 'balance') return labels.paidFromBalance;
  // Acquirers name schemes in lower case (visa, mastercard, mir).
  const scheme =
    payment.cardBrand && payment.cardBrand[0]!.toUpperCase() + payment.cardBrand.slice(1);
  const card = [scheme, payment.cardLast4 && `•••• ${payment.cardLast4}`].filter(Boolean).join(' ');
  return card ? `${labels.paidByCard}: ${card}` : labels.paidByCard;
}

/** The receipt's PDF bytes. */
export async function renderReceiptPdf(row: ReceiptRow, options: PdfOptions): Promise<Buffer> {
  const { receipt } = row;
  const { language } = options;
  const labels = pdfLabels(language);
  // DejaVu has no manat sign.
  const money = (amountMinor: number) =>
    formatMoney({ amountMinor, currency: receipt.currency }, language).replace('₼', 'AZN');
  const quantity = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 3 });
  const title = `${labels.receipt} № ${receipt.number}`;

  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Receipt ${receipt.number}`,
      Author: receipt.seller.name,
      CreationDate: receipt.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const { seller } = receipt;
  doc.font('bold').fontSize(13).text(seller.name);
  doc.font('regular').fontSize(9).text(seller.address);
  doc.text(`${labels.taxId}: ${seller.taxId}    ${labels.email}: ${seller.email}`);
  doc.moveDown(1.5);

  doc.font('bold').fontSize(18).text(title);
  doc.font('regular').fontSize(11).text(labels.kinds[receipt.kind]);
  doc.moveDown(0.5);
  doc.fontSize(10);
  const offset = receiptOffsetMinutes(row, options.utcOffsetMinutes);
  doc.text(`${labels.date}: ${pdfDateText(receipt.createdAt, offset, language)}`);
  if (row.transactionId !== null) {
    doc.text(`${labels.session} № ${row.transactionId}`);
    if (row.stationName) doc.text(`${labels.station}: ${row.stationName}`);
  }
  doc.moveDown(1.5);

  let y = doc.y;
  const cells = (values: Record<keyof typeof columns, string>, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    const height = Math.max(
      ...Object.entries(values).map(([key, text]) =>
        doc.heightOfString(text, { width: columns[key as keyof typeof columns].width }),
      ),
    );
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    for (const [key, text] of Object.entries(values)) {
      const column = columns[key as keyof typeof columns];
      doc.text(text, column.x, y, {
        width: column.width,
        align: key === 'item' ? 'left' : 'right',
      });
    }
    y += height + 6;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(TABLE_RIGHT, y - 3)
      .lineWidth(0.5)
      .stroke();
    y += 3;
  };

  cells(labels.columns, 'bold');
  rule();
  for (const item of receipt.items) {
    cells(
      {
        // A shop's good is named as the catalogue named it, in the language it was ordered in.
        item: item.code === 'shop_item' ? item.title : (labels.items[item.code] ?? item.title),
        quantity: `${quantity.format(item.quantity)} ${labels.units[item.unit]}`,
        price: money(item.unitPriceMinor),
        vat: item.vatRatePercent === null ? '—' : money(item.vatMinor),
        amount: money(item.amountMinor),
      },
      'regular',
    );
  }
  rule();

  const right = (text: string, font: 'regular' | 'bold', size: number) => {
    doc
      .font(font)
      .fontSize(size)
      .text(text, MARGIN, y, {
        width: TABLE_RIGHT - MARGIN,
        align: 'right',
      });
    y = doc.y + 4;
  };
  right(`${labels.total}: ${money(receipt.amountMinor)}`, 'bold', 13);
  const rate = receipt.items[0]?.vatRatePercent ?? null;
  right(
    rate === null
      ? labels.noVat
      : `${fill(labels.vatIncluded, { rate: quantity.format(rate) })}: ${money(receipt.vatMinor)}`,
    'regular',
    10,
  );
  const paid =
    receipt.kind === 'station_earning'
      ? labels.creditedToBalance
      : paymentText(receipt.payment, labels);
  right(paid, 'regular', 10);
  // Paid from a wallet of another currency than the station's prices: what it came to there.
  const { exchange } = receipt;
  if (exchange) {
    const price = formatMoney(
      { amountMinor: exchange.amountMinor, currency: exchange.currency },
      language,
    ).replace('₼', 'AZN');
    const rate = `${exchange.rate} ${isoCode(receipt.currency)}/${isoCode(exchange.currency)}`;
    right(fill(labels.exchange, { price, rate }), 'regular', 10);
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
