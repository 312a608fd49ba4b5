import { z } from 'zod';
import { defineContract } from '../contract';

// SPEC §2 c/{AltNameAndConnectorId}: the code printed on a connector and carried by its QR
// code is the station code, a hyphen and the connector's number (the OCPP connectorId):
// MOW-00007-2 for connector 2 of station MOW-00007. The station code may be typed without its
// hyphens (MOW00007-2, the station's altName) and in any case; the last hyphen always comes
// before the connector number, so every spelling names one connector.
const QR_CODE_PATTERN = /^([A-Za-z0-9]{1,20}(?:-[A-Za-z0-9]{1,20})?)-([1-9]\d{0,2})$/;

export type QrCode = { altName: string; connectorNumber: number };

/** The station's altName and the connector number of a code, or null when malformed. */
export function parseQrCode(code: string): QrCode | null {
  const match = QR_CODE_PATTERN.exec(code);
  if (!match?.[1] || !match[2]) return null;
  return { altName: match[1].replaceAll('-', '').toUpperCase(), connectorNumber: Number(match[2]) };
}

/** The code of a connector: its station's code, a hyphen and the connector number. */
export function qrCodeOf(stationCode: string, connectorNumber: number): string {
  return `${stationCode}-${connectorNumber}`;
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
  params: z.object({ code: z.string() }),
  response: z.object({
    stationId: z.string(),
    connectorId: z.string(),
    connectorNumber: z.number().int(),
  }),
});
