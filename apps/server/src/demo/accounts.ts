import { brandById } from '../brand/brands';
import { hashPassword } from '../modules/auth';
import { postTransaction } from '../modules/ledger';
import type { Db } from '../db/client';
import { cars } from '../db/schema/driver';
import { companies, companyMembers, users } from '../db/schema/users';

// The demo accounts the README lists. Passwords follow SPEC §5 (upper, lower, digit).
export const demoAccounts = {
  driver: { email: 'driver@evcharge.demo', password: 'Driver123' },
  anna: { email: 'anna@evcharge.demo', password: 'Anna1234' },
  corp: { email: 'corp@evcharge.demo', password: 'Corp1234' },
  /** Owes for a session the balance did not cover: shows what debt blocks. */
  mark: { email: 'mark@evcharge.demo', password: 'Mark1234' },
  /** Owes too, and pays it in the money journey (e2e/tests/money.spec.ts), so Mark keeps his. */
  lena: { email: 'lena@evcharge.demo', password: 'Lena1234' },
  /** Staff (users.staff_role): approves and deletes reviews (SPEC §3 Review/feedback). */
  moderator: { email: 'moderator@evcharge.demo', password: 'Moder1234' },
  /** Staff who answer drivers in chat (SPEC §6); may not moderate reviews. */
  support: { email: 'support@evcharge.demo', password: 'Support1234' },
  /** Staff who read the app's analytics in the console (SPEC §1 the counter), nothing else. */
  analyst: { email: 'analyst@evcharge.demo', password: 'Analyst123' },
} as const;

export async function insertDemoAccounts(db: Db) {
  const policy = {
    privacyPolicyVersion: brandById('demo').privacyPolicyVersion,
    privacyPolicyAcceptedAt: new Date(),
  };
  const [
    driverHash,
    annaHash,
    corpHash,
    markHash,
    lenaHash,
    moderatorHash,
    supportHash,
    analystHash,
  ] =
    await Promise.all(Object.values(demoAccounts).map((account) => hashPassword(account.password)));
  const [company] = await db
    .insert(companies)
    .values({
      name: 'EV Logistics LLC',
      currency: 'rub',
      notificationType: 'Email',
      notificationContact: 'fleet@evlogistics.demo',
    })
    .returning();
  if (
    !company ||
    !driverHash ||
    !annaHash ||
    !corpHash ||
    !markHash ||
    !lenaHash ||
    !moderatorHash ||
    !supportHash ||
    !analystHash
  )
    throw new Error('demo account setup failed');

  const inserted = await db
    .insert(users)
    .values([
      {
        name: 'Ivan',
        surname: 'Petrov',
        patronymic: 'Sergeyevich',
        email: demoAccounts.driver.email,
        phone: '+79990000001',
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        passwordHash: driverHash,
        lang: 'ru',
        currency: 'rub',
        ...policy,
      },
      {
        name: 'Anna',
        surname: 'Smirnova',
        email: demoAccounts.anna.email,
        phone: '+79990000002',
        isEmailConfirmed: true,
        passwordHash: annaHash,
        lang: 'en',
        currency: 'rub',
        ...policy,
      },
      {
        name: 'Oleg',
        surname: 'Sidorov',
        email: demoAccounts.corp.email,
        phone: '+79990000003',
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        passwordHash: corpHash,
        lang: 'ru',
        currency: 'rub',
        accountType: 'CORPORATE',
        activeCompanyId: company.id,
        ...policy,
      },
      {
        name: 'Mark',
        surname: 'Volkov',
        email: demoAccounts.mark.email,
        phone: '+79990000004',
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        passwordHash: markHash,
        lang: 'en',
        currency: 'rub',
        ...policy,
      },
      {
        name: 'Lena',
        surname: 'Orlova',
        email: demoAccounts.lena.email,
        phone: '+79990000005',
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        passwordHash: lenaHash,
        lang: 'en',
        currency: 'rub',
        ...policy,
      },
      {
        name: 'Nadia',
        surname: 'Kuznetsova',
        email: demoAccounts.moderator.email,
        isEmailConfirmed: true,
        passwordHash: moderatorHash,
        lang: 'ru',
        currency: 'rub',
        staffRole: 'moderator',
        ...policy,
      },
      {
        name: 'Timur',
        surname: 'Akhmetov',
        email: demoAccounts.support.email,
        isEmailConfirmed: true,
        passwordHash: supportHash,
        lang: 'ru',
        currency: 'rub',
        staffRole: 'support',
        ...policy,
      },
      {
        name: 'Dana',
        surname: 'Serikova',
        email: demoAccounts.analyst.email,
        isEmailConfirmed: true,
        passwordHash: analystHash,
        lang: 'ru',
        currency: 'rub',
        staffRole: 'analyst',
        ...policy,
      },
    ])
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => inserted.find((u) => u.email === email)?.id ?? '';
  const driverId = idOf(demoAccounts.driver.email);
  const corpId = idOf(demoAccounts.corp.email);
  const annaId = idOf(demoAccounts.anna.email);

  await db.insert(companyMembers).values({ companyId: company.id, userId: corpId, role: 'owner' });
  await db.insert(cars).values({
    userId: driverId,
    name: 'Tesla Model 3',
    vin: '5YJ3E1EA7KF000001',
    socPercent: 64,
    rangeKm: 310,
  });
  // Money enters through the ledger like any top-up: 1,500 ₽ for the driver, 800 ₽ for Anna,
  // 50,000 ₽ for the company.
  await postTransaction(db, {
    kind: 'top_up',
    reference: 'demo-driver-top-up',
    description: 'Demo balance',
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId: driverId }, amountMinor: 150_000 },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -150_000 },
    ],
  });
  await postTransaction(db, {
    kind: 'top_up',
    reference: 'demo-anna-top-up',
    description: 'Demo balance',
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId: annaId }, amountMinor: 80_000 },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -80_000 },
    ],
  });
  await postTransaction(db, {
    kind: 'top_up',
    reference: 'demo-company-top-up',
    description: 'Demo company balance',
    currency: 'rub',
    postings: [
      { owner: { kind: 'company_wallet', companyId: company.id }, amountMinor: 5_000_000 },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -5_000_000 },
    ],
  });
  // Mark's last session cost 350 ₽ more than his balance held: a debt to pay.
  await postTransaction(db, {
    kind: 'charge_payment',
    reference: 'demo-mark-unpaid-session',
    description: 'Demo session not covered by the balance',
    currency: 'rub',
    postings: [
      {
        owner: { kind: 'user_wallet', userId: idOf(demoAccounts.mark.email) },
        amountMinor: -35_000,
      },
      { owner: { kind: 'revenue' }, amountMinor: 35_000 },
    ],
  });
  // Lena owes 240 ₽ the same way.
  await postTransaction(db, {
    kind: 'charge_payment',
    reference: 'demo-lena-unpaid-session',
    description: 'Demo session not covered by the balance',
    currency: 'rub',
    postings: [
      {
        owner: { kind: 'user_wallet', userId: idOf(demoAccounts.lena.email) },
        amountMinor: -24_000,
      },
      { owner: { kind: 'revenue' }, amountMinor: 24_000 },
    ],
  });
  return {
    driverId,
    corpId,
    companyId: company.id,
    /** The drivers who write the demo's reviews (demo/reviews.ts). */
    reviewerIds: [annaId, idOf(demoAccounts.mark.email), idOf(demoAccounts.lena.email), corpId],
    moderatorId: idOf(demoAccounts.moderator.email),
    /** The support agent who answered the driver in the chat (demo/messages.ts). */
    supportId: idOf(demoAccounts.support.email),
  };
}
