import type { Db } from '../db/client';
import { loyaltyCards, loyaltyCompanies } from '../db/schema/driver';

// SPEC §7 Loyalty in the demo: a fuel-station chain's discount card and an airline's points
// card. The logos are the web app's static files (apps/web/public/loyalty/).

export const demoLoyalty = {
  /** 5 % off the energy; 13-digit EAN-13 numbers starting 277, as the chain's tills scan them. */
  fuel: {
    name: 'RoadStop Fuel Club',
    logoUrl: '/loyalty/roadstop.svg',
    color: '#d52b1e',
    textColor: '#ffffff',
    numberLength: 13,
    numberPrefix: '277',
    checkDigit: 'ean13',
    barcode: 'ean13',
    benefitKind: 'discount',
    discountPercent: 5,
    position: 1,
  },
  /** 2 points a kWh; 16-digit numbers starting 6400 with a Luhn check digit. */
  airline: {
    name: 'AeroBonus',
    logoUrl: '/loyalty/aerobonus.svg',
    color: '#0b3d91',
    textColor: '#ffffff',
    numberLength: 16,
    numberPrefix: '6400',
    checkDigit: 'luhn',
    barcode: 'code128',
    benefitKind: 'points',
    pointsPerKwh: 2,
    position: 2,
  },
} as const satisfies Record<string, typeof loyaltyCompanies.$inferInsert>;

/**
 * The demo driver's points card (a points card leaves the cost of a session as it is, which
 * the browser journeys rely on), the default for the driver's sessions.
 */
export const demoDriverLoyaltyCard = { number: '6400102030405069', points: 1240 };

export async function insertDemoLoyalty(db: Db, driverId: string): Promise<void> {
  const inserted = await db
    .insert(loyaltyCompanies)
    .values([demoLoyalty.fuel, demoLoyalty.airline])
    .returning({ id: loyaltyCompanies.id, name: loyaltyCompanies.name });
  const airline = inserted.find((company) => company.name === demoLoyalty.airline.name);
  if (!airline) throw new Error('demo loyalty setup failed');
  await db.insert(loyaltyCards).values({
    userId: driverId,
    loyaltyCompanyId: airline.id,
    number: demoDriverLoyaltyCard.number,
    name: null,
    points: demoDriverLoyaltyCard.points,
    isDefault: true,
  });
}
