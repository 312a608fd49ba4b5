import { beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { getReceipt } from '@evcharge/api/payments/receipts';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import {
  adjustmentReceipt,
  brandOf,
  insertFinishedSession,
  insertReceiptTariff,
  sessionReceipt,
} from '../../test/receipt-builders';
import { vatIncludedMinor } from './receipt-items';

// The receipt of a session's bill corrected by its meter's late final reading (SPEC §3
// receipt; decision 008): one per session, beside the session's own, for the difference.

let tariffId: string;
const server = withTestServer();
beforeAll(async () => {
  tariffId = await insertReceiptTariff(server);
});

describe('a session adjustment receipt', () => {
  async function closedSession() {
    const user = await signedInUser(server);
    const session = await insertFinishedSession(server, {
      userId: user.id,
      tariffId,
      energyWh: 5000,
      minutes: 30,
      costMinor: 10_985,
    });
    const facts = {
      sessionId: session.id,
      userId: user.id,
      currency: session.currency,
      paymentMethod: session.paymentMethod,
    };
    return { user, session, facts };
  }

  it('is issued once beside the session’s own receipt, for the extra charge', async () => {
    const { user, session, facts } = await closedSession();
    const sessionReceiptId = await sessionReceipt(server, session.id);
    const ids = await Promise.all(
      Array.from({ length: 10 }, () =>
        adjustmentReceipt(server, { ...facts, differenceMinor: 1_555 }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBe(sessionReceiptId);
    // A second call, with whatever difference, gets the first receipt.
    expect(await adjustmentReceipt(server, { ...facts, differenceMinor: -5 })).toBe(ids[0]);

    const { body } = await server.call<Receipt>(getReceipt, {
      token: user.token,
      params: { id: ids[0]! },
    });
    const { vatRatePercent } = brandOf(server).seller;
    expect(body).toMatchObject({
      kind: 'session_adjustment',
      amountMinor: 1_555,
      vatMinor: vatIncludedMinor(1_555, vatRatePercent),
      transactionId: session.transactionId,
      payment: { method: 'balance' },
    });
    expect(body.items.map((item) => [item.code, item.amountMinor])).toEqual([
      ['session_extra', 1_555],
    ]);
  });

  it('shows a returned difference as a positive amount, and is not issued for none', async () => {
    const { user, facts } = await closedSession();
    expect(await adjustmentReceipt(server, { ...facts, differenceMinor: 0 })).toBeUndefined();
    const id = (await adjustmentReceipt(server, { ...facts, differenceMinor: -1_555 }))!;
    const { body } = await server.call<Receipt>(getReceipt, { token: user.token, params: { id } });
    expect(body.amountMinor).toBe(1_555);
    expect(body.items.map((item) => [item.code, item.amountMinor])).toEqual([
      ['session_returned', 1_555],
    ]);
  });
});
