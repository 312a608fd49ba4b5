import { beforeAll, expect, it } from 'vitest';
import { listChargesPlusReserves } from '@evcharge/api/payments/receipts';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { receipts } from '../../db/schema/money';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { addStation } from '../../test/station-builders';
import {
  insertFinishedSession,
  insertReceiptTariff,
  sessionReceipt,
} from '../../test/receipt-builders';

// SPEC §7 GET /v2/charges_plus_reserves: sessions and reservations in one list, newest first,
// each with its receipt.

let tariffId: string;
const server = withTestServer();
beforeAll(async () => {
  tariffId = await insertReceiptTariff(server);
});

type Answer = {
  items: (
    | { type: 'charge'; at: string; charge: { transactionId: number }; receiptId: string | null }
    | { type: 'reserve'; at: string; reserve: { id: string }; receiptId: string | null }
  )[];
  total: number;
};

const DAY_MS = 86_400_000;

async function insertReservation(userId: string, createdAt: Date) {
  const station = await addStation(server, {
    lat: -60 + Math.random() * 120,
    lng: -170 + Math.random() * 340,
    tariffId,
    connectors: [{}],
  });
  const startsAt = new Date(createdAt.getTime() + 60_000);
  const [row] = await server.db
    .insert(reservations)
    .values({
      userId,
      connectorId: station.connectorIds[0]!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 15 * 60_000),
      status: 'completed',
      // Begun and consumed at once: its cost is its fixed cost.
      begunAt: startsAt,
      endedAt: startsAt,
      mode: 'quick',
      idTag: `APP${createdAt.getTime()}`.slice(0, 20),
      paymentMethod: 'balance',
      fixedCostMinor: 5_000,
      currency: 'rub',
      createdAt,
    })
    .returning();
  if (!row) throw new Error('reservation insert failed');
  return row;
}

it('merges sessions and reservations newest first, each with its receipt', async () => {
  const who = await signedInUser(server);
  const session = await insertFinishedSession(server, {
    userId: who.id,
    tariffId,
    energyWh: 2000,
    minutes: 20,
    costMinor: 3000 + 3110 + 140,
  });
  const sessionReceiptId = await sessionReceipt(server, session.id);
  expect(sessionReceiptId).toEqual(expect.any(String));
  const recent = await insertReservation(who.id, new Date());
  const old = await insertReservation(who.id, new Date(Date.now() - 2 * DAY_MS));
  // A reservation fee's receipt, as the reservations code would issue it.
  const [oldReceipt] = await server.db
    .insert(receipts)
    .values({
      number: `TEST-${old.id}`,
      kind: 'reservation',
      userId: who.id,
      reservationId: old.id,
      amountMinor: 5_000,
      vatMinor: 833,
      currency: 'rub',
      items: [],
      seller: { name: 'Seller', taxId: '1', address: 'Here', email: 'seller@example.test' },
      payment: { method: 'balance' },
    })
    .returning({ id: receipts.id });
  // A start that never began is not shown, as in GET /v2/charges.
  await server.db.insert(chargingSessions).values({
    userId: who.id,
    connectorId: recent.connectorId,
    tariffId,
    status: 'cancelled',
    currency: 'rub',
  });

  const answer = await server.call<Answer>(listChargesPlusReserves, { token: who.token });
  expect(answer.status).toBe(200);
  expect(answer.body.total).toBe(3);
  expect(answer.body.items).toMatchObject([
    { type: 'reserve', reserve: { id: recent.id, costMinor: 5_000 }, receiptId: null },
    {
      type: 'charge',
      charge: { transactionId: session.transactionId, status: 'success', costMinor: 6_250 },
      receiptId: sessionReceiptId,
    },
    { type: 'reserve', reserve: { id: old.id, status: 'completed' }, receiptId: oldReceipt!.id },
  ]);
  const ats = answer.body.items.map((item) => Date.parse(item.at));
  expect(ats).toEqual([...ats].sort((a, b) => b - a));

  const page = await server.call<Answer>(listChargesPlusReserves, {
    token: who.token,
    query: { offset: 1, limit: 1 },
  });
  expect(page.body.total).toBe(3);
  expect(page.body.items).toMatchObject([{ type: 'charge', receiptId: sessionReceiptId }]);

  const other = await signedInUser(server);
  const theirs = await server.call<Answer>(listChargesPlusReserves, { token: other.token });
  expect(theirs.body).toEqual({ items: [], total: 0 });
  expect((await server.call(listChargesPlusReserves)).status).toBe(401);
});
