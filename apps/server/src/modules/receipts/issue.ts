import type { Brand } from '@evcharge/api/brand/get-brand';
import { brandOfAccount } from '../../brand/brands';
import type { SessionCost } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import type { chargingSessions } from '../../db/schema/charging';
import type {
  ReceiptExchange,
  ReceiptItem,
  ReceiptPayment,
  receipts,
} from '../../db/schema/money';
import {
  receiptItem,
  sessionAdjustmentItems,
  sessionItemsWithDiscount,
  vatIncludedMinor,
} from './receipt-items';
import { nextReceiptNumber } from './receipt-number';
import {
  accountBrand,
  cardBrandAndLast4,
  existingReceiptId,
  insertReceiptRow,
  operationToReceipt,
  reservationHoldCardId,
  sessionHoldCardId,
  type ReceiptSubject,
} from './repo';

// One receipt per payment (SPEC §3 receipt). These functions run inside the caller's transaction (the
// one that moved the money), so they use `tx` only: on PGlite a query on another connection
// inside a transaction would wait forever. Idempotent: the partial unique indexes on receipts
// keep one per session and per operation, and a second call, even a concurrent one, gets the
// first receipt's id.
//
// The seller is the brand of the buyer's account (users.brand: one server may serve several
// brands, SPEC §1); the brand the callers pass is the deployment's, for an account without one.

async function sellerBrand(tx: Db, userId: string, deploymentBrand: Brand): Promise<Brand> {
  return brandOfAccount({ brand: await accountBrand(tx, userId) }, deploymentBrand);
}

type SessionRow = typeof chargingSessions.$inferSelect;

/**
 * A session as its receipt shows it. The sessions module prices it (it owns the tariff math)
 * and hands these facts in, so receipts need not know how a session is priced.
 */
export type SessionReceiptFacts = Pick<
  SessionRow,
  'userId' | 'status' | 'costMinor' | 'currency' | 'paymentMethod'
> & {
  sessionId: string;
  /** The cost's items over the session's stored readings; undefined without its tariff. */
  cost: SessionCost | undefined;
  /** SPEC §7 Loyalty: what the session's loyalty card took off (costMinor is after it). */
  loyaltyDiscountMinor?: number;
  /** SPEC §1 roaming: our fee inside costMinor; `cost` is then the partner's items alone. */
  roamingFeeMinor?: number;
  /** Paid from a wallet of another currency than the station's prices: what it came to there. */
  exchange?: ReceiptExchange | null;
};

type Issue = {
  userId: string;
  amountMinor: number;
  /** The VAT inside amountMinor; by default the brand's rate of it. */
  vatMinor?: number;
  currency: (typeof receipts.$inferInsert)['currency'];
  items: ReceiptItem[];
  payment: ReceiptPayment;
  exchange?: ReceiptExchange | null;
};

async function insertReceipt(tx: Db, brand: Brand, subject: ReceiptSubject, issue: Issue) {
  const issuedAt = new Date();
  const { vatRatePercent, ...seller } = brand.seller;
  const id = await insertReceiptRow(tx, {
    ...issue,
    kind: subject.kind,
    number: await nextReceiptNumber(tx, issuedAt),
    sessionId: 'sessionId' in subject ? subject.sessionId : null,
    reservationId: 'reservationId' in subject ? subject.reservationId : null,
    shopOrderId: 'shopOrderId' in subject ? subject.shopOrderId : null,
    balanceOperationId: 'balanceOperationId' in subject ? subject.balanceOperationId : null,
    vatMinor: issue.vatMinor ?? vatIncludedMinor(issue.amountMinor, vatRatePercent),
    seller,
    createdAt: issuedAt,
  });
  // A concurrent call got there first: its receipt stands (read here, once it committed).
  return id ?? (await existingReceiptId(tx, subject));
}

async function cardPayment(tx: Db, cardId: string | null): Promise<ReceiptPayment> {
  if (!cardId) return { method: 'card' };
  const card = await cardBrandAndLast4(tx, cardId);
  return card
    ? { method: 'card', cardBrand: card.brand, cardLast4: card.last4 }
    : { method: 'card' };
}

/** Issues the receipt of a finished session with a cost, once. */
export async function issueSessionReceipt(
  tx: Db,
  deploymentBrand: Brand,
  session: SessionReceiptFacts,
): Promise<string | undefined> {
  const subject = { kind: 'session', sessionId: session.sessionId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  if (session.status !== 'success' || session.costMinor <= 0) return undefined;
  const brand = await sellerBrand(tx, session.userId, deploymentBrand);

  const vatRatePercent = brand.seller.vatRatePercent;
  const feeMinor = session.roamingFeeMinor ?? 0;
  const items = [
    ...sessionItemsWithDiscount(
      session.cost,
      session.costMinor - feeMinor,
      session.loyaltyDiscountMinor ?? 0,
      vatRatePercent,
    ),
    ...(feeMinor > 0 ? [receiptItem('roaming_fee', feeMinor, vatRatePercent)] : []),
  ];
  return insertReceipt(tx, brand, subject, {
    userId: session.userId,
    amountMinor: session.costMinor,
    currency: session.currency,
    items,
    payment: await sessionPayment(tx, session),
    exchange: session.exchange ?? null,
  });
}

async function sessionPayment(
  tx: Db,
  session: Pick<SessionRow, 'paymentMethod'> & { sessionId: string },
): Promise<ReceiptPayment> {
  return session.paymentMethod === 'card'
    ? cardPayment(tx, await sessionHoldCardId(tx, session.sessionId))
    : { method: 'balance' };
}

/** A closed session's bill corrected by the meter's final reading, as the receipt shows it. */
export type SessionAdjustmentFacts = Pick<SessionRow, 'userId' | 'currency' | 'paymentMethod'> & {
  sessionId: string;
  /** The new cost less the billed one: positive was charged more, negative returned. */
  differenceMinor: number;
};

/**
 * Issues the receipt of a session's correction, once (receipts_one_adjustment_per_session): the
 * extra charge or the amount returned. Its amount is the difference's size, never negative; the
 * item's code (session_extra, session_returned) says which way. No difference, no receipt.
 */
export async function issueSessionAdjustmentReceipt(
  tx: Db,
  deploymentBrand: Brand,
  adjustment: SessionAdjustmentFacts,
): Promise<string | undefined> {
  const subject = { kind: 'session_adjustment', sessionId: adjustment.sessionId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  if (adjustment.differenceMinor === 0) return undefined;
  const brand = await sellerBrand(tx, adjustment.userId, deploymentBrand);

  return insertReceipt(tx, brand, subject, {
    userId: adjustment.userId,
    amountMinor: Math.abs(adjustment.differenceMinor),
    currency: adjustment.currency,
    items: sessionAdjustmentItems(adjustment.differenceMinor, brand.seller.vatRatePercent),
    payment: await sessionPayment(tx, adjustment),
  });
}

/** A reservation's bill (SPEC §3 Reservation): its fixed cost and the idle minutes it held. */
export type ReservationReceiptFacts = {
  reservationId: string;
  userId: string;
  currency: (typeof receipts.$inferInsert)['currency'];
  paymentMethod: 'balance' | 'card' | 'company';
  fixedMinor: number;
  idleMinutes: number;
  idleMinuteCostMinor: number;
  idleMinor: number;
  /** Paid from a wallet of another currency than the station's prices: what it came to there. */
  exchange?: ReceiptExchange | null;
};

/** Issues the receipt of an ended reservation that cost something, once. */
export async function issueReservationReceipt(
  tx: Db,
  deploymentBrand: Brand,
  facts: ReservationReceiptFacts,
): Promise<string | undefined> {
  const subject = { kind: 'reservation', reservationId: facts.reservationId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  const amountMinor = facts.fixedMinor + facts.idleMinor;
  if (amountMinor <= 0) return undefined;
  const brand = await sellerBrand(tx, facts.userId, deploymentBrand);
  const vatRatePercent = brand.seller.vatRatePercent;
  const items: ReceiptItem[] = [];
  if (facts.fixedMinor > 0)
    items.push(receiptItem('reservation_fee', facts.fixedMinor, vatRatePercent));
  if (facts.idleMinor > 0)
    items.push(
      receiptItem('reservation', facts.idleMinor, vatRatePercent, {
        quantity: facts.idleMinutes,
        unit: 'min',
        unitPriceMinor: facts.idleMinuteCostMinor,
      }),
    );
  return insertReceipt(tx, brand, subject, {
    userId: facts.userId,
    amountMinor,
    currency: facts.currency,
    items,
    payment:
      facts.paymentMethod === 'card'
        ? await cardPayment(tx, await reservationHoldCardId(tx, facts.reservationId))
        : { method: 'balance' },
    exchange: facts.exchange ?? null,
  });
}

/**
 * A shop order as its receipt shows it (SPEC §2 shop): the goods at the prices they were
 * ordered at, named in the language the driver ordered in, and the delivery.
 */
export type ShopOrderReceiptFacts = {
  shopOrderId: string;
  userId: string;
  currency: (typeof receipts.$inferInsert)['currency'];
  lines: { title: string; quantity: number; priceMinor: number }[];
  deliveryMinor: number;
  /**
   * From the balance, or by card: the bound card (its operation's), else what the acquirer
   * showed of a card typed on its page this once.
   */
  payment:
    | { method: 'balance' }
    | { method: 'card'; cardId: string | null; card: { brand: string; last4: string } | null };
};

async function shopPayment(
  tx: Db,
  payment: ShopOrderReceiptFacts['payment'],
): Promise<ReceiptPayment> {
  if (payment.method === 'balance') return { method: 'balance' };
  if (payment.cardId) return cardPayment(tx, payment.cardId);
  return payment.card
    ? { method: 'card', cardBrand: payment.card.brand, cardLast4: payment.card.last4 }
    : { method: 'card' };
}

/** Issues the receipt of a paid shop order, once (receipts_one_per_shop_order). */
export async function issueShopOrderReceipt(
  tx: Db,
  brand: Brand,
  order: ShopOrderReceiptFacts,
): Promise<string> {
  const subject = { kind: 'shop_order', shopOrderId: order.shopOrderId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  const vatRatePercent = brand.seller.vatRatePercent;
  const items = order.lines.map((line) => ({
    ...receiptItem('shop_item', line.priceMinor * line.quantity, vatRatePercent, {
      quantity: line.quantity,
      unit: 'pcs',
      unitPriceMinor: line.priceMinor,
    }),
    title: line.title,
  }));
  if (order.deliveryMinor > 0) items.push(receiptItem('delivery', order.deliveryMinor, vatRatePercent));
  const id = await insertReceipt(tx, brand, subject, {
    userId: order.userId,
    amountMinor: items.reduce((sum, item) => sum + item.amountMinor, 0),
    currency: order.currency,
    items,
    payment: await shopPayment(tx, order.payment),
  });
  if (!id) throw new Error(`the receipt of shop order ${order.shopOrderId} vanished`);
  return id;
}

const operationReceipts = {
  TopUpBalance: 'top_up',
  PayDebt: 'debt_payment',
  Refund: 'refund',
} as const;

/** Issues the receipt of a succeeded TopUpBalance, PayDebt or Refund operation, once. */
export async function issueOperationReceipt(
  tx: Db,
  deploymentBrand: Brand,
  operationId: string,
): Promise<string | undefined> {
  const operation = await operationToReceipt(tx, operationId);
  if (!operation || operation.status !== 'succeeded') return undefined;
  if (!Object.hasOwn(operationReceipts, operation.orderType)) return undefined;
  const kind = operationReceipts[operation.orderType as keyof typeof operationReceipts];
  const subject = { kind, balanceOperationId: operationId };
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;

  const brand = await sellerBrand(tx, operation.userId, deploymentBrand);
  // A payment may be captured for less than was asked; a refund gives back what it asked.
  const amountMinor =
    kind !== 'refund' && operation.capturedMinor > 0
      ? operation.capturedMinor
      : operation.amountMinor;
  return insertReceipt(tx, brand, subject, {
    userId: operation.userId,
    amountMinor,
    currency: operation.currency,
    items: [receiptItem(kind, amountMinor, brand.seller.vatRatePercent)],
    // A refund goes back to the card the refunded top-up came from.
    payment: await cardPayment(tx, operation.cardId ?? operation.refundedCardId),
  });
}

/** What a session on a private station earned its owner (SPEC §1), as their statement shows it. */
export type EarningReceiptFacts = {
  sessionId: string;
  ownerUserId: string;
  currency: (typeof receipts.$inferInsert)['currency'];
  /** The session's full cost, which the driver (and a loyalty programme) paid. */
  fullMinor: number;
  feeMinor: number;
  ownerMinor: number;
};

/**
 * Issues the owner's statement of a session on their private station, once
 * (receipts_one_earning_per_session): the session's cost and the platform's fee off it; its
 * amount is what the balance got. The fee's line shows the VAT inside it (the platform's
 * service); the statement as a whole sells nothing, so it carries no VAT of its own.
 */
export async function issueEarningReceipt(
  tx: Db,
  brand: Brand,
  facts: EarningReceiptFacts,
): Promise<string | undefined> {
  const subject = { kind: 'station_earning', sessionId: facts.sessionId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  if (facts.ownerMinor <= 0) return undefined;
  return insertReceipt(tx, brand, subject, {
    userId: facts.ownerUserId,
    amountMinor: facts.ownerMinor,
    vatMinor: 0,
    currency: facts.currency,
    items: [
      receiptItem('station_session', facts.fullMinor, null),
      receiptItem('platform_fee', -facts.feeMinor, brand.seller.vatRatePercent),
    ],
    payment: { method: 'balance' },
  });
}
