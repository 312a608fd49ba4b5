import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { getReceipt, listReceipts, receiptPdfPath } from '@evcharge/api/payments/receipts';
import { divideRoundHalfUp } from '@evcharge/domain/money';
import { receipts } from '../../db/schema/money';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, start, type Driver } from '../../test/charging';
import { signedInUser } from '../../test/builders';
import { withTestServer, withSimStations } from '../../test/hooks';
import { MINUTE_MS, sessionOf, testCar } from '../../test/sessions';
import {
  brandOf,
  expectNumber,
  insertCard,
  insertFinishedSession,
  insertOperation,
  insertReceiptTariff,
  itemsSum,
  operationReceipt,
  receiptTariff,
  sessionReceipt,
} from '../../test/receipt-builders';
import { vatIncludedMinor } from './receipt-items';

// Receipts (SPEC §3): issued once per payment, with the brand's seller, items that add up and
// the VAT inside; read back only by their owner, as JSON and as a PDF.

let tariffId: string;
const server = withTestServer();
beforeAll(async () => {
  tariffId = await insertReceiptTariff(server);
});
withSimStations(server, { ledger: true });

const receiptsOfSession = (sessionId: string) =>
  server.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.kind, 'session'), eq(receipts.sessionId, sessionId)));

const pdfPath = (id: string) => receiptPdfPath.replace(':id', id);

/** A real session on the simulator: 1,000 Wh limit, parks, the car leaves; the finished row. */
async function finishedSession(who: Driver) {
  const { chargePoint, station } = await connectedStation(server, { tariffId });
  station.plug(1, testCar);
  await station.flush();
  const started = await start(server, who, {
    connectorId: chargePoint.station.connectorIds[0]!,
    limit: { mode: 'energy', value: 1000 },
  });
  expect(started.status).toBe(200);
  const { transactionId } = started.body;
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  await station.flush();
  for (let minute = 0; minute < 10; minute += 1) {
    station.clock.advance(MINUTE_MS);
    await station.flush();
    if ((await sessionOf(server, transactionId)).status === 'parking') break;
  }
  station.clock.advance(3 * MINUTE_MS);
  station.unplug(1);
  await station.flush();
  return eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
}

describe('a session receipt', () => {
  it('has items from the tariff that sum to the cost, the VAT inside, and is issued once', async () => {
    const who = await driver(server, 100_000);
    const session = await finishedSession(who);
    expect(session.costMinor).toBeGreaterThan(0);
    // Start from no receipt (finishSession may issue it already) to race the issuers.
    await server.db.delete(receipts).where(eq(receipts.sessionId, session.id));

    const ids = await Promise.all(
      Array.from({ length: 10 }, () => sessionReceipt(server, session.id)),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await sessionReceipt(server, session.id)).toBe(ids[0]);
    expect(await receiptsOfSession(session.id)).toHaveLength(1);

    const answer = await server.call<Receipt>(getReceipt, {
      token: who.token,
      params: { id: ids[0]! },
    });
    expect(answer.status).toBe(200);
    const receipt = answer.body;
    const { vatRatePercent, ...seller } = brandOf(server).seller;
    expectNumber(receipt.number);
    expect(receipt).toMatchObject({
      kind: 'session',
      amountMinor: session.costMinor,
      vatMinor: vatIncludedMinor(session.costMinor, vatRatePercent),
      vatRatePercent,
      currency: 'rub',
      seller,
      payment: { method: 'balance' },
      transactionId: session.transactionId,
    });
    expect(receipt.stationName).toEqual(expect.any(String));
    expect(itemsSum(receipt.items)).toBe(session.costMinor);
    for (const item of receipt.items) {
      expect(item.vatMinor).toBe(vatIncludedMinor(item.amountMinor, vatRatePercent));
    }
    // The tariff's own lines, exact: nothing had to be moved onto the energy line.
    const energy = receipt.items.find((item) => item.code === 'energy');
    expect(energy).toMatchObject({
      title: 'Energy',
      unit: 'kWh',
      quantity: session.energyWh / 1000,
      unitPriceMinor: receiptTariff.perKwhMinor,
      amountMinor: Number(divideRoundHalfUp(session.energyWh * receiptTariff.perKwhMinor, 1000)),
    });
    expect(receipt.items.map((item) => item.code)).toEqual(
      expect.arrayContaining(['start_fee', 'energy', 'charging_time', 'parking']),
    );
  });

  it('names the card of a session paid by card, and puts a rounding difference on the energy line', async () => {
    const user = await signedInUser(server);
    const cardId = await insertCard(server, user.id, '1111');
    // 30.00 + 5 kWh × 15.55 + 30 min × 0.07 = 109.85; the session says 109.88.
    const session = await insertFinishedSession(server, {
      userId: user.id,
      tariffId,
      energyWh: 5000,
      minutes: 30,
      costMinor: 10_988,
      paymentMethod: 'card',
    });
    await insertOperation(server, {
      userId: user.id,
      orderType: 'SessionPayment',
      amountMinor: 100_000,
      capturedMinor: 10_988,
      cardId,
      sessionId: session.id,
    });
    const id = (await sessionReceipt(server, session.id))!;
    const { body } = await server.call<Receipt>(getReceipt, { token: user.token, params: { id } });
    expect(body.payment).toEqual({ method: 'card', cardBrand: 'visa', cardLast4: '1111' });
    expect(body.items.map((item) => [item.code, item.amountMinor])).toEqual([
      ['start_fee', 3000],
      ['energy', 7775 + 3],
      ['charging_time', 210],
    ]);
    expect(body.amountMinor).toBe(10_988);
  });

  it('is not issued for a session without a cost or not finished', async () => {
    const user = await signedInUser(server);
    const free = await insertFinishedSession(server, {
      userId: user.id,
      tariffId,
      energyWh: 0,
      minutes: 1,
      costMinor: 0,
    });
    expect(await sessionReceipt(server, free.id)).toBeUndefined();
    expect(await receiptsOfSession(free.id)).toHaveLength(0);
  });
});

describe('an operation receipt', () => {
  it('is issued once for a top-up, with the card it came from', async () => {
    const user = await signedInUser(server);
    const cardId = await insertCard(server, user.id);
    const operationId = await insertOperation(server, {
      userId: user.id,
      orderType: 'TopUpBalance',
      amountMinor: 50_000,
      cardId,
    });
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => operationReceipt(server, operationId)),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await operationReceipt(server, operationId)).toBe(ids[0]);
    const rows = await server.db
      .select()
      .from(receipts)
      .where(eq(receipts.balanceOperationId, operationId));
    expect(rows).toHaveLength(1);

    const { body } = await server.call<Receipt>(getReceipt, {
      token: user.token,
      params: { id: ids[0]! },
    });
    expect(body).toMatchObject({
      kind: 'top_up',
      amountMinor: 50_000,
      vatMinor: 8_333,
      payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
      transactionId: null,
      stationName: null,
      items: [
        {
          code: 'top_up',
          title: 'Balance top-up',
          quantity: 1,
          unit: 'pcs',
          unitPriceMinor: 50_000,
          amountMinor: 50_000,
          vatRatePercent: 20,
          vatMinor: 8_333,
        },
      ],
    });
  });

  it("names the seller of the brand the buyer's account was made under (SPEC §1)", async () => {
    const volt = await signedInUser(server, { brand: 'volt' });
    const operationId = await insertOperation(server, {
      userId: volt.id,
      orderType: 'TopUpBalance',
      amountMinor: 11_600,
    });
    const id = await operationReceipt(server, operationId);
    const { body } = await server.call<Receipt>(getReceipt, { token: volt.token, params: { id: id! } });
    expect(body.seller).toMatchObject({ name: 'ТОО «Volt Charge Demo»', taxId: '240140012345' });
    // Kazakhstan's VAT (16 %) inside 116.00: 16.00.
    expect(body).toMatchObject({ vatMinor: 1_600, items: [{ vatRatePercent: 16, vatMinor: 1_600 }] });
    // An account from before brands (no brand) gets the deployment's seller.
    const old = await signedInUser(server);
    const oldId = await operationReceipt(
      server,
      await insertOperation(server, { userId: old.id, orderType: 'TopUpBalance', amountMinor: 100 }),
    );
    const oldReceipt = await server.call<Receipt>(getReceipt, { token: old.token, params: { id: oldId! } });
    expect(oldReceipt.body.seller.name).toBe(brandOf(server).seller.name);
  });

  it('is issued for a debt payment and for a refund to the top-up card', async () => {
    const user = await signedInUser(server);
    const cardId = await insertCard(server, user.id, '5555');
    const debt = await insertOperation(server, {
      userId: user.id,
      orderType: 'PayDebt',
      amountMinor: 1_200,
      cardId,
    });
    const topUp = await insertOperation(server, {
      userId: user.id,
      orderType: 'TopUpBalance',
      amountMinor: 10_000,
      cardId,
    });
    const refund = await insertOperation(server, {
      userId: user.id,
      orderType: 'Refund',
      amountMinor: 4_000,
      capturedMinor: 0,
      cardId: null,
      refundOfId: topUp,
    });
    const debtReceipt = await operationReceipt(server, debt);
    const refundReceipt = await operationReceipt(server, refund);
    const read = async (id: string | undefined) =>
      (await server.call<Receipt>(getReceipt, { token: user.token, params: { id: id! } })).body;
    expect(await read(debtReceipt)).toMatchObject({
      kind: 'debt_payment',
      amountMinor: 1_200,
      vatMinor: 200,
      items: [{ code: 'debt_payment', title: 'Debt payment' }],
    });
    expect(await read(refundReceipt)).toMatchObject({
      kind: 'refund',
      amountMinor: 4_000,
      items: [{ code: 'refund', title: 'Refund' }],
      payment: { method: 'card', cardLast4: '5555' },
    });
  });

  it.each([
    ['a pending top-up', 'TopUpBalance', 'pending'],
    ['a failed debt payment', 'PayDebt', 'failed'],
    ['a card binding', 'CardBinding', 'succeeded'],
  ] as const)('is not issued for %s', async (_name, orderType, status) => {
    const user = await signedInUser(server);
    const operationId = await insertOperation(server, {
      userId: user.id,
      orderType,
      amountMinor: orderType === 'CardBinding' ? 0 : 1_000,
      status,
    });
    expect(await operationReceipt(server, operationId)).toBeUndefined();
  });
});

describe('reading receipts', () => {
  it('lists the caller’s receipts newest first, and hides them from everyone else', async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const ids: string[] = [];
    for (const amountMinor of [1_000, 2_000, 3_000]) {
      const operationId = await insertOperation(server, {
        userId: owner.id,
        orderType: 'TopUpBalance',
        amountMinor,
      });
      ids.push((await operationReceipt(server, operationId))!);
    }
    const list = await server.call<{ items: Receipt[]; total: number }>(listReceipts, {
      token: owner.token,
      query: { offset: 0, limit: 2 },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((receipt) => receipt.id)).toEqual([ids[2], ids[1]]);
    const rest = await server.call<{ items: Receipt[] }>(listReceipts, {
      token: owner.token,
      query: { offset: 2, limit: 2 },
    });
    expect(rest.body.items.map((receipt) => receipt.id)).toEqual([ids[0]]);

    const theirs = await server.call<{ items: Receipt[]; total: number }>(listReceipts, {
      token: other.token,
    });
    expect(theirs.body).toEqual({ items: [], total: 0 });
    const peek = await server.call(getReceipt, { token: other.token, params: { id: ids[0]! } });
    expect(peek.status).toBe(404);
    expect(peek.body).toMatchObject({ code: 'NOT_FOUND' });
    const pdfPeek = await server.fetch(pdfPath(ids[0]!), {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(pdfPeek.status).toBe(404);
    expect(await pdfPeek.json()).toMatchObject({ code: 'NOT_FOUND' });

    const anonymous = await server.call(listReceipts);
    expect(anonymous.status).toBe(401);
    const bad = await server.call(getReceipt, { token: owner.token, params: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'id' }] });
  });

  it('serves the PDF to its owner, and 401 without a token', async () => {
    const owner = await signedInUser(server, { lang: 'en' });
    const operationId = await insertOperation(server, {
      userId: owner.id,
      orderType: 'TopUpBalance',
      amountMinor: 12_345,
      cardId: await insertCard(server, owner.id),
    });
    const id = (await operationReceipt(server, operationId))!;
    const { body: receipt } = await server.call<Receipt>(getReceipt, {
      token: owner.token,
      params: { id },
    });

    const answer = await server.fetch(pdfPath(id), {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${receipt.number}.pdf"`,
    );
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1024);
    expect(pdf.toString('latin1')).toContain(`(Receipt ${receipt.number})`);

    const anonymous = await server.fetch(pdfPath(id));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bad = await server.fetch(pdfPath('nope'), {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(bad.status).toBe(400);
  });

  it('lists the PDF in the OpenAPI document', async () => {
    const answer = await server.fetch('/api/openapi.json');
    const document = (await answer.json()) as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(['/api/receipts/{id}/pdf']);
  });
});
