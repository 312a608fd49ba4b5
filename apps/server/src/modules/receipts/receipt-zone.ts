import type { ReceiptRow } from './repo';

/**
 * The clock a receipt's date is read on, the same for its JSON (the web's receipt page) and its
 * PDF: a session's or reservation's station's UTC offset (its local time), else the zone of the
 * account's brand (`brandOffsetMinutes`, its support hours' offset, SPEC §1).
 */
export function receiptOffsetMinutes(
  row: Pick<ReceiptRow, 'utcOffsetMinutes'>,
  brandOffsetMinutes: number,
): number {
  return row.utcOffsetMinutes ?? brandOffsetMinutes;
}
