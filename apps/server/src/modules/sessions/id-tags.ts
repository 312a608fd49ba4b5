import { createHash } from 'node:crypto';
import type { OCPP16 } from 'typed-ocpp';
import type { Db } from '../../db/client';
import { findActiveTag } from './place-repo';
import { findPreparingByIdTag } from './repo';

export type IdTagStatus = OCPP16.AuthorizeResponse['idTagInfo']['status'];
export type IdTagInfo = OCPP16.AuthorizeResponse['idTagInfo'];

/**
 * The parentIdTag of everything a driver presents (OCPP 1.6 §3.5.3 grouping): their RFID tags
 * answer with it in Authorize, and ReserveNow names it, so a connector reserved for the driver
 * starts for any of their tags (§5.13) as well as for the reservation's own idTag.
 */
export function driverGroupTag(userId: string): string {
  return `D${createHash('sha256').update(userId).digest('hex').slice(0, 19).toUpperCase()}`;
}

export type IdTagVerdict =
  | { status: 'Accepted'; userId: string; rfidTagId: string }
  /** The idTag of a start from the app, while its session waits for the car. */
  | { status: 'Accepted'; userId: string; rfidTagId: null; sessionId: string }
  | { status: Exclude<IdTagStatus, 'Accepted'> };

/**
 * An idTag (OCPP IdToken) is a driver's active RFID tag (SPEC §3), or the one-off idTag of a
 * start from the app while its session is `preparing`. A tag the driver blocked, or of a
 * blocked or deleted account, is Blocked; anything else we do not know is Invalid.
 */
export async function checkIdTag(db: Db, idTag: string): Promise<IdTagVerdict> {
  const row = await findActiveTag(db, idTag);
  if (!row) return appIdTag(db, idTag);
  if (row.isBlocked || row.isTagBlocked || row.deletedAt !== null) return { status: 'Blocked' };
  return { status: 'Accepted', userId: row.userId, rfidTagId: row.rfidTagId };
}

async function appIdTag(db: Db, idTag: string): Promise<IdTagVerdict> {
  const session = await findPreparingByIdTag(db, idTag);
  return session
    ? { status: 'Accepted', userId: session.userId, rfidTagId: null, sessionId: session.id }
    : { status: 'Invalid' };
}
