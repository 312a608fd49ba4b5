import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { roamingTariffs } from '../../db/schema/roaming';
import { connectors } from '../../db/schema/stations';
import type { SessionRow } from './repo';

// Queries of roaming sessions (roaming.ts): a partner's session found by its id or by the
// authorization_reference we gave, and the partner's tariffs.

/** How a partner names one of our sessions: its own id, our reference, or (command results) ours. */
export type RoamingSessionKey = {
  ocpiSessionId?: string | undefined;
  reference?: string | undefined;
  sessionId?: string | undefined;
};

export async function findRoamingSession(
  db: Db,
  partnerId: string,
  key: RoamingSessionKey,
): Promise<SessionRow | undefined> {
  const ways = [
    key.ocpiSessionId ? eq(chargingSessions.ocpiSessionId, key.ocpiSessionId) : undefined,
    key.reference ? eq(chargingSessions.ocpiAuthorizationReference, key.reference) : undefined,
    key.sessionId && /^[0-9a-f-]{36}$/i.test(key.sessionId)
      ? eq(chargingSessions.id, key.sessionId)
      : undefined,
  ].filter((way) => way !== undefined);
  if (ways.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(chargingSessions)
    .where(and(eq(chargingSessions.roamingPartnerId, partnerId), or(...ways)));
  return row;
}

/** The currency of the partner's tariffs a connector names (ISO 4217, upper case). */
export async function partnerTariffCurrency(
  db: Db,
  partnerId: string,
  tariffIds: readonly string[],
): Promise<string | undefined> {
  if (tariffIds.length === 0) return undefined;
  const [row] = await db
    .select({ currency: roamingTariffs.currency })
    .from(roamingTariffs)
    .where(and(eq(roamingTariffs.partnerId, partnerId), inArray(roamingTariffs.ocpiId, [...tariffIds])));
  return row?.currency;
}


/** The partner's tariff a connector names first, as the partner sent it (validated on receipt). */
export async function partnerTariff(db: Db, partnerId: string, tariffIds: readonly string[]) {
  if (tariffIds.length === 0) return undefined;
  const [row] = await db
    .select({ tariff: roamingTariffs.tariff })
    .from(roamingTariffs)
    .where(and(eq(roamingTariffs.partnerId, partnerId), eq(roamingTariffs.ocpiId, tariffIds[0]!)));
  return row?.tariff;
}

/** A connector's rated power (W), the bound of what a partner's CDR is believed. */
export async function connectorPowerW(db: Db, connectorId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ powerW: connectors.powerW })
    .from(connectors)
    .where(eq(connectors.id, connectorId));
  return row?.powerW;
}
