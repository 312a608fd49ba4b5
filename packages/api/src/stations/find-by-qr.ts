import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// A connector's QR code is `{altName}-{connectorNumber}` (e.g. MOW00042-2), printed as
// /c/{code} (SPEC §2). altName is letters and digits; the number is the OCPP connectorId.
const QR_CODE_PATTERN = /^([A-Za-z0-9]{1,40})-([1-9]\d{0,2})$/;

export type QrCode = { altName: string; connectorNumber: number };

/** The parts of a QR code, or null when it is malformed ('Incorrect QR code'). */
export function parseQrCode(code: string): QrCode | null {
  const match = QR_CODE_PATTERN.exec(code);
  if (!match?.[1] || !match[2]) return null;
  return { altName: match[1], connectorNumber: Number(match[2]) };
}

export function qrCodeOf(altName: string, connectorNumber: number): string {
  return `${altName}-${connectorNumber}`;
}

// SPEC §7: GET /chargestation/find/qrCode/{code}. A malformed code answers 400 INCORRECT_QR
// ('Incorrect QR code'); a code of no station or connector 404 STATION_NOT_FOUND. A private
// station's code works only for its owner.
export const findByQrCode = defineContract({
  method: 'GET',
  path: '/api/chargestation/find/qrCode/:code',
  auth: 'public',
  summary: 'The station and connector behind a QR code',
  tags: ['stations'],
  params: z.object({ code: z.string().regex(QR_CODE_PATTERN, { error: rule.invalid }) }),
  response: z.object({
    stationId: z.string(),
    connectorId: z.string(),
    connectorNumber: z.number().int(),
  }),
});
