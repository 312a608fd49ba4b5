import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import type { z } from 'zod';
import type { createShopOrderBodySchema } from '@evcharge/api/shop/shop';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { lockUser, openBalanceSessionsCost, payerForProfile, walletBalanceMinor } from '../ledger';
import {
  openShopPayment,
  payShopOrder,
  shopPaymentCard,
  type PaymentDeps,
  type ShopCard,
} from '../payments';
import { priceLines } from './catalogue';
import { orderAsItStands } from './orders';
import { insertOrder, type OrderInsert } from './repo';
import { recordSale } from './sale';

// POST /api/shop/orders (SPEC §2 shop): the order's goods priced by the catalogue now, then
// paid. From the balance the order is placed and paid in one transaction, or refused with
// nothing recorded; by card the order waits for its payment (payments' ShopOrder operation),
// which pays or fails it whenever the acquirer's answer comes (purchases.ts).

export type OrderBody = z.output<typeof createShopOrderBodySchema>;
type Priced = ReturnType<typeof priceLines>;

/** SPEC §8 "Unpaid orders or debt block continuing": a driver in debt pays it first. */
async function refuseDebt(tx: Db, user: UserRow) {
  const balance = await walletBalanceMinor(tx, { kind: 'user_wallet', userId: user.id }, user.currency);
  if (balance < 0) throw new AppError('DEBT_BLOCKS', { details: { debtMinor: -balance } });
}

function orderValues(
  user: UserRow,
  brand: BrandConfig,
  body: OrderBody,
  priced: Priced,
  status: 'paid' | 'awaitingPayment',
  now: Date,
): OrderInsert {
  const { comment, ...delivery } = body.delivery;
  return {
    userId: user.id,
    brandId: brand.id,
    lang: user.lang,
    status,
    paymentMethod: body.paymentMethod,
    currency: priced.currency,
    ...priced.totals,
    delivery: { ...delivery, comment: comment ? comment : null },
    paidAt: status === 'paid' ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * From the driver's own wallet (never a company's: the shop sells to the driver), while what
 * it holds, less what the driver's open sessions may still cost, covers the order. The
 * driver's row is locked, so two orders at once cannot both spend the same money.
 */
async function payFromBalance(
  deps: PaymentDeps,
  user: UserRow,
  brand: BrandConfig,
  body: OrderBody,
  priced: Priced,
): Promise<string> {
  if (payerForProfile(user.id, user).kind !== 'user_wallet') throw new AppError('FORBIDDEN');
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await refuseDebt(tx, user);
    const wallet = { kind: 'user_wallet', userId: user.id } as const;
    const balance = await walletBalanceMinor(tx, wallet, priced.currency);
    const available = balance - (await openBalanceSessionsCost(tx, user.id));
    if (available < priced.totals.totalMinor)
      throw new AppError('BALANCE_TOO_LOW', {
        details: { availableMinor: Math.max(0, available), totalMinor: priced.totals.totalMinor },
      });
    const now = new Date();
    const order = await insertOrder(tx, orderValues(user, brand, body, priced, 'paid', now), priced.lines);
    await recordSale(tx, brand, order, { method: 'balance' });
    return order.id;
  });
}

export async function placeOrder(
  deps: PaymentDeps,
  user: UserRow,
  brand: BrandConfig,
  body: OrderBody,
  origin: string,
): Promise<{ order: ShopOrder; redirectUrl: string | null }> {
  const priced = priceLines(brand, body.items);
  if (body.paymentMethod === 'balance') {
    const id = await payFromBalance(deps, user, brand, body, priced);
    return { order: await orderAsItStands(deps, user.id, id), redirectUrl: null };
  }
  const how = { method: body.paymentMethod, saveCard: Boolean(body.saveCard) };
  const card: ShopCard | null = await shopPaymentCard(deps, user, how);
  const placed = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await refuseDebt(tx, user);
    const now = new Date();
    const order = await insertOrder(
      tx,
      orderValues(user, brand, body, priced, 'awaitingPayment', now),
      priced.lines,
    );
    return { order, operation: await openShopPayment(deps, tx, order, card) };
  });
  // After the commit: the acquirer is never asked inside a transaction (CONTRIBUTING.md).
  const payment = await payShopOrder(deps, user, placed.operation, {
    card,
    saveCard: how.method === 'oneTimeCard' && how.saveCard,
    origin,
  });
  return {
    order: await orderAsItStands(deps, user.id, placed.order.id, payment),
    redirectUrl: payment.redirectUrl,
  };
}
