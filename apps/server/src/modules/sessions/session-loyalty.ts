import type { Db } from '../../db/client';
import type { SessionLoyalty } from '../../db/schema/charging';
import { sessionCard } from '../loyalty';
import { isRoamingStation } from './place-repo';

// SPEC §7 Loyalty: the card a session runs with, snapshotted onto it at the start, so its
// benefit holds for the whole session whatever happens to the card or its programme later.

/** The loyalty columns of a new session (charging_sessions.loyalty_card_id and loyalty). */
export type LoyaltyColumns = { loyaltyCardId: string | null; loyalty: SessionLoyalty | null };

const none: LoyaltyColumns = { loyaltyCardId: null, loyalty: null };

/**
 * The card asked for (the driver's own, else NOT_FOUND), the driver's default when none is
 * named (undefined), or none (null). A card gives its benefit at the brand's own stations
 * only: a roaming station's session runs without one.
 */
export async function loyaltyColumns(
  db: Db,
  userId: string,
  station: { stationId: string; isRoaming?: boolean },
  requested?: string | null,
): Promise<LoyaltyColumns> {
  const card = await sessionCard(db, userId, requested);
  if (!card) return none;
  const isRoaming = station.isRoaming ?? (await isRoamingStation(db, station.stationId));
  return isRoaming ? none : { loyaltyCardId: card.cardId, loyalty: card.loyalty };
}
