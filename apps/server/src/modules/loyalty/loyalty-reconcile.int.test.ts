import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards } from '../../db/schema/driver';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/money';
import { eventually, type SimStation } from '../../test/charge-points';
import { withSessionStations, withSweepingTestServer } from '../../test/hooks';
import { addLoyaltyCompany, cardNumber } from '../../test/loyalty';
import { driverWithTag, MINUTE_MS, perKwh, sessionOf, startWithTag } from '../../test/sessions';

// SPEC §7 Loyalty when a session's bill is corrected by its late StopTransaction (closed
// without it first, reconcile.ts): the discount and the points follow the meter's final energy,
// and the correction moves the discount's part through the programme's account too, once.

// The sweep every 0.2 s and a short grace: a session with a lost stop closes within the test.
const server = withSweepingTestServer();
const stations = withSessionStations(server, { ledger: true });

async function addDefaultCard(userId: string, values: Parameters<typeof addLoyaltyCompany>[1]) {
  const company = await addLoyaltyCompany(server, values);
  const number =
    company.checkDigit === 'luhn' ? cardNumber('7', 16, 'luhn') : cardNumber('29', 13, 'ean13');
  const [card] = await server.db
    .insert(loyaltyCards)
    .values({ userId, loyaltyCompanyId: company.id, number, isDefault: true })
    .returning();
  return card!;
}

/** A tag session whose StopTransaction is lost: closed on its last reading, then the stop. */
async function closedThenStopped(station: SimStation, tag: string) {
  station.setFaults({ loseStopTransactions: 1 });
  const started = station.next('transactionStarted');
  const transactionId = await startWithTag(station, tag);
  const { meterStartWh } = await started;
  station.clock.advance(2 * MINUTE_MS);
  await station.flush();
  station.clock.advance(30_000);
  const stopped = station.next('transactionStopped');
  station.unplug(1);
  const { meterStopWh } = await stopped;
  await station.flush();
  const closed = await eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
  const late = {
    transactionId,
    idTag: tag,
    meterStop: meterStopWh,
    timestamp: new Date(station.clock.now()).toISOString(),
    reason: 'EVDisconnected',
  };
  await station.call('StopTransaction', late);
  const reconciled = await sessionOf(server, transactionId);
  // Once: the same stop again changes nothing.
  await station.call('StopTransaction', late);
  expect(await sessionOf(server, transactionId)).toEqual(reconciled);
  return { closed, reconciled, energyWh: meterStopWh - meterStartWh };
}

async function adjustmentPostings(sessionId: string) {
  const rows = await server.db
    .select({ kind: ledgerAccounts.kind, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'adjustment'),
        eq(ledgerTransactions.reference, `session-meter:${sessionId}`),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.kind, row.amountMinor]));
}

const tenPercent = (minor: number) => Math.floor(minor / 10);

describe('a late StopTransaction of a session with a loyalty card', () => {
  it('recomputes the discount on the final energy and moves its difference through the programme', async () => {
    const { station } = await stations.connectedStation();
    const driver = await driverWithTag(server);
    await addDefaultCard(driver.id, { discountPercent: 10 });
    const { closed, reconciled, energyWh } = await closedThenStopped(station, driver.tag);
    expect(closed.loyaltyDiscountMinor).toBe(tenPercent(perKwh(closed.energyWh)));
    const full = perKwh(energyWh);
    expect(reconciled).toMatchObject({
      energyWh,
      costMinor: full - tenPercent(full),
      loyaltyDiscountMinor: tenPercent(full),
    });
    const fullBefore = perKwh(closed.energyWh);
    expect(await adjustmentPostings(closed.id)).toEqual({
      user_wallet: -(reconciled.costMinor - closed.costMinor),
      revenue: full - fullBefore,
      loyalty_discounts: -(tenPercent(full) - tenPercent(fullBefore)),
    });
  });

  it('corrects a points card’s points to the final energy, once', async () => {
    const { station } = await stations.connectedStation();
    const driver = await driverWithTag(server);
    const card = await addDefaultCard(driver.id, {
      benefitKind: 'points',
      discountPercent: null,
      pointsPerKwh: 100,
      numberLength: 16,
      numberPrefix: '7',
      checkDigit: 'luhn',
    });
    const { closed, reconciled, energyWh } = await closedThenStopped(station, driver.tag);
    const pointsFor = (wh: number) => Math.floor((wh / 1000) * 100);
    expect(closed.loyaltyPoints).toBe(pointsFor(closed.energyWh));
    expect(reconciled.loyaltyPoints).toBe(pointsFor(energyWh));
    expect(reconciled.loyaltyPoints).not.toBe(closed.loyaltyPoints);
    const [after] = await server.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, card.id));
    expect(after!.points).toBe(pointsFor(energyWh));
  });
});
