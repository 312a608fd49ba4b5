import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { getReceipt, listReceipts } from '@evcharge/api/payments/receipts';
import { connectors, stations } from '../../db/schema/stations';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import {
  insertFinishedSession,
  insertOperation,
  insertReceiptTariff,
  operationReceipt,
  sessionReceipt,
} from '../../test/receipt-builders';

// A receipt says which clock its date is read on, the one its PDF uses (receipt-zone.ts): the
// station's for a session, the account's brand's for a payment without a station.

const server = withTestServer();
let tariffId: string;
beforeAll(async () => {
  tariffId = await insertReceiptTariff(server);
});

type Page = { items: Receipt[]; total: number };

describe('the zone of a receipt’s date', () => {
  it('is the station’s for a session, in the receipt and in the list', async () => {
    const user = await signedInUser(server);
    const session = await insertFinishedSession(server, {
      userId: user.id,
      tariffId,
      energyWh: 5000,
      minutes: 30,
      costMinor: 10_000,
    });
    const [connector] = await server.db
      .select({ stationId: connectors.stationId })
      .from(connectors)
      .where(eq(connectors.id, session.connectorId));
    // A station five and a half hours east of UTC, unlike either brand's zone.
    await server.db
      .update(stations)
      .set({ utcOffsetMinutes: 330 })
      .where(eq(stations.id, connector!.stationId));
    const id = (await sessionReceipt(server, session.id))!;
    const one = await server.call<Receipt>(getReceipt, { token: user.token, params: { id } });
    expect(one.body).toMatchObject({ transactionId: session.transactionId, utcOffsetMinutes: 330 });
    const list = await server.call<Page>(listReceipts, {
      token: user.token,
      query: { offset: 0, limit: 10 },
    });
    expect(list.body.items.map((receipt) => receipt.utcOffsetMinutes)).toEqual([330]);
  });

  it('is the brand’s for a top-up: the demo brand’s UTC+2, Volt’s UTC+5', async () => {
    for (const [brand, offset] of [
      [undefined, 120],
      ['volt', 300],
    ] as const) {
      const user = await signedInUser(server, brand ? { brand } : {});
      const operationId = await insertOperation(server, {
        userId: user.id,
        orderType: 'TopUpBalance',
        amountMinor: 10_000,
      });
      const id = (await operationReceipt(server, operationId))!;
      const { body } = await server.call<Receipt>(getReceipt, {
        token: user.token,
        params: { id },
      });
      expect(body).toMatchObject({ kind: 'top_up', stationName: null, utcOffsetMinutes: offset });
    }
  });
});
