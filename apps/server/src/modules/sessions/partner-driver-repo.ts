import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { roamingPartners, roamingTokens } from '../../db/schema/roaming';
import { stations } from '../../db/schema/stations';
import { users } from '../../db/schema/users';

// What a partner's driver at our reader reads (SPEC §1 roaming, our side as CPO): the
// partner's token by the uid the charge point read, the partner's account its drivers charge
// on, and whether the token is already in an open session.

/** The partners' token with this uid that a card at a reader is (OCPI 2.2.1 §12.4.2 RFID). */
export async function partnerReaderToken(db: Db, uid: string) {
  const [row] = await db
    .select({
      partnerId: roamingTokens.partnerId,
      partnerName: roamingPartners.name,
      partnerStatus: roamingPartners.status,
      accountUserId: roamingPartners.accountUserId,
      countryCode: roamingTokens.countryCode,
      partyId: roamingTokens.partyId,
      uid: roamingTokens.uid,
      type: roamingTokens.type,
      valid: roamingTokens.valid,
      token: roamingTokens.token,
    })
    .from(roamingTokens)
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingTokens.partnerId))
    .where(and(eq(roamingTokens.uid, uid), inArray(roamingTokens.type, ['RFID', 'OTHER'])))
    .orderBy(
      desc(sql`${roamingPartners.status} = 'registered'`),
      desc(roamingTokens.valid),
      desc(roamingTokens.lastUpdated),
    )
    .limit(1);
  return row;
}

/** The Location id partners know the station by (its code, publish.ts). */
export async function stationCode(db: Db, stationId: string) {
  const [row] = await db
    .select({ code: stations.code })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row?.code;
}

/**
 * The account the partner's drivers charge on, made on the first of their sessions: the
 * partner's row is locked, so two first sessions at once make one. Nobody signs in to it: its
 * password hash is no hash (crypto/passwords.ts verifyPassword answers false).
 */
export async function partnerAccount(db: Db, partnerId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ name: roamingPartners.name, accountUserId: roamingPartners.accountUserId })
      .from(roamingPartners)
      .where(eq(roamingPartners.id, partnerId))
      .for('update');
    if (!partner) throw new Error(`roaming partner ${partnerId} vanished`);
    if (partner.accountUserId) return partner.accountUserId;
    const [account] = await tx
      .insert(users)
      .values({
        name: partner.name.slice(0, 100),
        email: `roaming-${partnerId}@partners.invalid`,
        passwordHash: `!${randomBytes(16).toString('hex')}`,
        isEmailConfirmed: false,
      })
      .returning({ id: users.id });
    await tx
      .update(roamingPartners)
      .set({ accountUserId: account!.id })
      .where(and(eq(roamingPartners.id, partnerId), isNull(roamingPartners.accountUserId)));
    return account!.id;
  });
}

/** The partner's token is in an open session already (one card, one car at a time). */
export async function isPartnerTokenInOpenSession(
  tx: Db,
  partnerId: string,
  uid: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.payerPartnerId, partnerId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
        sql`${chargingSessions.roamingDriver}->>'uid' = ${uid}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
