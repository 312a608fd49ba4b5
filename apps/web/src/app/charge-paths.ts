import { paths, withSearch } from './paths';

// Links of the charging screens. Apart from paths.ts, which the first screen loads: only the
// screens that link here (all lazy) carry these (first-load JS of the map home).

/** The start-charge dialog for one connector of a station (its number, as on the QR sticker). */
export function prechargingPath(stationId: string, connector: number): string {
  return withSearch(paths.precharging, { station: stationId, connector: String(connector) });
}

/** The charging-profile choice for the same connector; it returns to precharging. */
export function chargeProfilePath(stationId: string, connector: number): string {
  return withSearch(paths.chargeProfile, { station: stationId, connector: String(connector) });
}

/** The live session screen, on one session when the driver has several. */
export function chargingPath(transactionId?: number): string {
  return transactionId === undefined ? paths.charging : withSearch(paths.charging, { tx: String(transactionId) });
}

/** The history, or one session's details in it. */
export function historyPath(transactionId?: number): string {
  return transactionId === undefined ? paths.history : withSearch(paths.history, { tx: String(transactionId) });
}

/** Reserve one connector of a station (its number, as on the station page). */
export function reserveConnectorPath(stationId: string, connector: number): string {
  return withSearch(paths.reserve, { station: stationId, connector: String(connector) });
}

/** One reservation, or the driver's reservations without an id. */
export function reservationPath(id?: string): string {
  return id === undefined ? paths.reserve : withSearch(paths.reserve, { id });
}

/** A receipt's printable page. */
export function receiptPagePath(id: string): string {
  return paths.receipt.replace(':id', encodeURIComponent(id));
}

/** The RFID wizard at one connector of a station (its number, as on the station page). */
export function rfidConnectorPath(stationId: string, connector: number): string {
  return withSearch(paths.rfid, { station: stationId, connector: String(connector) });
}

/** The support chat, the message about this session (SPEC §2 chat: the chat carries the session). */
export function supportChatPath(transactionId?: number): string {
  return transactionId === undefined ? paths.chat : withSearch(paths.chat, { session: String(transactionId) });
}

/** The support chat writing feedback about the app (from help, about and the profile). */
export const feedbackChatPath = withSearch(paths.chat, { feedback: '1' });

/** SPEC §2 shop: the goods, the cart (checkout), the driver's orders, or one order. */
export function shopPath(view?: 'cart' | 'orders'): string {
  return view === undefined ? paths.shop : withSearch(paths.shop, { view });
}

export function shopOrderPath(id: string): string {
  return withSearch(paths.shop, { order: id });
}

/** The schedule and prices of one of the driver's own stations (SPEC §2 schedule of a private station). */
export function sharingSchedulePath(stationId: string): string {
  return withSearch(paths.myCharges, { station: stationId });
}
