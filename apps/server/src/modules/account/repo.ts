import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cars, loyaltyCards, paymentCards, rfidTags } from '../../db/schema/driver';
import { pushSubscriptions, userEvents } from '../../db/schema/notifications';
import { shopOrders } from '../../db/schema/shop';
import { messages, reviews, supportConversations } from '../../db/schema/social';
import { favouriteStations } from '../../db/schema/stations';
import {
  accessTokens,
  companyMembers,
  oneTimeTokens,
  phoneVerifications,
  policyAcceptances,
  users,
} from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

/** The fields of personal data a driver changes; left out, a field stays as it is. */
export type PersonChanges = Partial<
  Pick<
    UserRow,
    'name' | 'surname' | 'patronymic' | 'email' | 'isEmailConfirmed' | 'phone' | 'isPhoneConfirmed'
  >
>;

/** Whether another account has this e-mail address. */
export async function isEmailTakenByOther(db: Db, email: string, userId: string) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(other);
}

export async function updatePerson(
  db: Db,
  userId: string,
  changes: PersonChanges,
): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}

/** Accepting one version twice keeps the first acceptance. */
export async function insertPolicyAcceptance(
  db: Db,
  userId: string,
  version: string,
  acceptedAt: Date,
): Promise<void> {
  await db.insert(policyAcceptances).values({ userId, version, acceptedAt }).onConflictDoNothing();
}

export async function setPolicyVersion(
  db: Db,
  userId: string,
  version: string,
  acceptedAt: Date,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ privacyPolicyVersion: version, privacyPolicyAcceptedAt: acceptedAt })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

export async function revokeLiveTokens(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: at })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** Removes the rows that only describe the person (SPEC §4: deleting an account). */
export async function deletePersonalRows(db: Db, userId: string): Promise<void> {
  for (const table of [
    cars,
    favouriteStations,
    loyaltyCards,
    rfidTags,
    pushSubscriptions,
    userEvents,
    phoneVerifications,
    oneTimeTokens,
    companyMembers,
    messages,
    supportConversations,
  ]) {
    await db.delete(table).where(eq(table.userId, userId));
  }
}

/** Removes the user's cards and answers what the acquirer must forget. */
export async function deletePaymentCards(db: Db, userId: string) {
  return db
    .delete(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .returning({ acquirer: paymentCards.acquirer, token: paymentCards.token });
}

/** SPEC §2 shop: the orders stay (the sales the law keeps), who they went to and where does not. */
export async function eraseShopDeliveries(db: Db, userId: string): Promise<void> {
  await db.update(shopOrders).set({ delivery: null }).where(eq(shopOrders.userId, userId));
}

export async function anonymiseReviews(db: Db, userId: string): Promise<void> {
  await db.update(reviews).set({ isAnonymous: true }).where(eq(reviews.userId, userId));
}

/** The user's row stays for the sessions and postings the law keeps, no longer saying who. */
export async function eraseUser(
  db: Db,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      name: 'Deleted user',
      surname: null,
      patronymic: null,
      email: `deleted-${userId}@deleted.invalid`,
      phone: null,
      isEmailConfirmed: false,
      isPhoneConfirmed: false,
      passwordHash,
      accountType: 'PERSONAL',
      activeCompanyId: null,
      isBlocked: true,
      deletedAt: at,
    })
    .where(eq(users.id, userId));
}
