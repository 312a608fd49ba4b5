import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import { maxTopUpMinor } from '@evcharge/domain/payments';
import { rule } from '@evcharge/domain/validation';
import { paymentCards } from '../../db/schema/driver';
import { balanceOperations } from '../../db/schema/money';
import type { UserRow } from '../../plugins/auth';
import { requireConfirmedPhone } from '../phone/guard';
import {
  lockUser,
  openBalanceSessionsCost,
  payerForProfile,
  walletBalanceMinor,
} from '../ledger';
import { cardOfUser, cardView, listCards, makeDefault } from './card-store';
import {
  applyOutcome,
  askAcquirer,
  createOperation,
  declineError,
  operationOf,
  paymentResult,
  settleOperation,
  takeForRefund,
  type Operation,
  type PaymentDeps,
} from './operations';

/** Where a link back to the driver points; routes pass `returnOrigin(request, config)`. */
type Origin = { origin?: string };

// Cards, the balance, its top-up and refund, and the debt.

/** Back to the origin the driver came from (http/origin.ts); PUBLIC_URL when unknown. */
function returnUrl(deps: PaymentDeps, operation: Operation, origin = deps.config.publicUrl) {
  return `${origin}/cardredirect?operation=${operation.id}`;
}

function callbackUrl(deps: PaymentDeps) {
  return `${deps.config.publicUrl}/api/acquirer/${deps.acquirer.name}/callback`;
}

/**
 * The acquirer's page in the driver's language; a page this server serves (the sandbox's) on
 * the origin the driver came from.
 */
function pageUrl(deps: PaymentDeps, redirectUrl: string | null, user: UserRow, origin?: string) {
  if (!redirectUrl) return null;
  const url = new URL(redirectUrl);
  if (origin && url.origin === new URL(deps.config.publicUrl).origin) {
    const driver = new URL(origin);
    url.protocol = driver.protocol;
    url.host = driver.host;
  }
  url.searchParams.set('lang', user.lang);
  return url.toString();
}

function invalid(path: string, details?: Record<string, number | string>) {
  return new AppError('VALIDATION_FAILED', { fields: [{ path, rule: rule.invalid }], details });
}

/** A card that may pay: the driver's, linked. */
async function payingCard(deps: PaymentDeps, user: UserRow, cardId: string) {
  const card = await cardOfUser(deps.db, user.id, cardId);
  if (!card) throw invalid('cardId');
  if (card.status === 'blocked') throw new AppError('CARD_BLOCKED');
  if (card.status !== 'linked') throw invalid('cardId');
  return card;
}

/**
 * Pays an operation: from a bound card at once, or on the acquirer's page (the answer then
 * carries the page to open). A decline is recorded on the operation and answered as its code.
 */
async function pay(
  deps: PaymentDeps,
  user: UserRow,
  operation: Operation,
  how: { cardToken?: string; saveCard: boolean; description: string } & Origin,
): Promise<PaymentResult> {
  if (how.cardToken) {
    const cardToken = how.cardToken;
    const outcome = await askAcquirer(() =>
      deps.acquirer.charge({
        idempotencyKey: operation.idempotencyKey,
        cardToken,
        amountMinor: operation.amountMinor,
        currency: operation.currency,
        description: how.description,
      }),
    );
    // Unreachable: the operation stays pending and the sweep asks again with the same key.
    const settled = outcome ? await applyOutcome(deps, operation.id, outcome) : operation;
    if (settled.status === 'failed') throw declineError(settled);
    return paymentResult(deps.db, settled);
  }
  const outcome = await askAcquirer(() =>
    deps.acquirer.checkout({
      idempotencyKey: operation.idempotencyKey,
      purpose: operation.orderType === 'CardBinding' ? 'bind' : 'pay',
      amountMinor: operation.amountMinor,
      currency: operation.currency,
      description: how.description,
      saveCard: how.saveCard,
      returnUrl: returnUrl(deps, operation, how.origin),
      callbackUrl: callbackUrl(deps),
    }),
  );
  if (!outcome) throw new AppError('ACQ22', { details: { operationId: operation.id } });
  const settled = await applyOutcome(deps, operation.id, outcome);
  if (settled.status === 'failed') throw declineError(settled);
  return paymentResult(deps.db, settled, pageUrl(deps, outcome.redirectUrl, user, how.origin));
}

// Cards

export async function cardsOf(deps: PaymentDeps, userId: string) {
  return (await listCards(deps.db, userId)).map(cardView);
}

export async function startBinding(
  deps: PaymentDeps,
  user: UserRow,
  { origin }: Origin = {},
): Promise<PaymentResult> {
  requireConfirmedPhone(user);
  const operation = await createOperation(deps, {
    userId: user.id,
    orderType: 'CardBinding',
    amountMinor: 0,
    currency: user.currency,
  });
  return pay(deps, user, operation, {
    saveCard: true,
    description: `${deps.brand.title}: card binding`,
    origin,
  });
}

export async function setDefault(deps: PaymentDeps, userId: string, cardId: string) {
  const card = await cardOfUser(deps.db, userId, cardId);
  if (!card) throw new AppError('NOT_FOUND');
  if (card.status !== 'linked') throw card.status === 'blocked' ? new AppError('CARD_BLOCKED') : invalid('id');
  const row = await makeDefault(deps.db, userId, cardId);
  if (!row) throw new AppError('NOT_FOUND');
  return cardView(row);
}

/** Unbinds at the acquirer, then removes: the next card (if any) becomes the default. */
export async function removeCard(deps: PaymentDeps, userId: string, cardId: string) {
  const card = await cardOfUser(deps.db, userId, cardId);
  if (!card) throw new AppError('NOT_FOUND');
  if (card.acquirer === deps.acquirer.name) await deps.acquirer.unbind(card.token);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(paymentCards).where(eq(paymentCards.id, card.id));
    if (card.isDefault) {
      const [next] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.status, 'linked')))
        .orderBy(paymentCards.createdAt)
        .limit(1);
      if (next)
        await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
    }
  });
}

// Balance

/** The wallet the screens show: the company's on a corporate profile, else the driver's. */
export async function balanceOf(deps: PaymentDeps, user: UserRow) {
  const payer = payerForProfile(user.id, user);
  const balance = await walletBalanceMinor(deps.db, payer, user.currency);
  const isCompany = payer.kind === 'company_wallet';
  return {
    currency: user.currency,
    balanceMinor: balance,
    debtMinor: Math.max(0, -balance),
    maxTopUpMinor: maxTopUpMinor(user.currency),
    refundableMinor: isCompany ? 0 : await refundableMinor(deps, user, balance),
    isCompany,
  };
}

function personalOnly(user: UserRow) {
  if (payerForProfile(user.id, user).kind !== 'user_wallet') throw new AppError('FORBIDDEN');
}

export async function topUp(
  deps: PaymentDeps,
  user: UserRow,
  body: { amountMinor: number; cardId?: string | null; saveCard?: boolean } & Origin,
): Promise<PaymentResult> {
  personalOnly(user);
  const max = maxTopUpMinor(user.currency);
  if (body.amountMinor > max)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'amountMinor', rule: rule.amount }],
      details: { maxTopUpMinor: max },
    });
  if (body.saveCard && !body.cardId) requireConfirmedPhone(user);
  const card = body.cardId ? await payingCard(deps, user, body.cardId) : undefined;
  const operation = await createOperation(deps, {
    userId: user.id,
    orderType: 'TopUpBalance',
    amountMinor: body.amountMinor,
    currency: user.currency,
    cardId: card?.id ?? null,
  });
  return pay(deps, user, operation, {
    cardToken: card?.token,
    saveCard: Boolean(body.saveCard),
    description: `${deps.brand.title}: balance top-up`,
    origin: body.origin,
  });
}

/** A debt payment still open this long is the one a second tap continues. */
const DEBT_PAYMENT_OPEN_MS = 15 * 60_000;

/**
 * Pays the whole debt. The driver's row is locked while the debt is read and the operation
 * recorded, so a double tap cannot pay it twice: while a debt payment the same way (the same
 * card, or the card page) is open, the second request answers that one (with its card page
 * when it has one) instead of a new charge.
 */
export async function payDebt(
  deps: PaymentDeps,
  user: UserRow,
  body: { cardId?: string | null; saveCard?: boolean } & Origin,
): Promise<PaymentResult> {
  const decided = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const balance = await walletBalanceMinor(
      tx,
      { kind: 'user_wallet', userId: user.id },
      user.currency,
    );
    if (balance >= 0) throw new AppError('NO_DEBT');
    const [open] = await tx
      .select()
      .from(balanceOperations)
      .where(
        and(
          eq(balanceOperations.userId, user.id),
          eq(balanceOperations.orderType, 'PayDebt'),
          eq(balanceOperations.status, 'pending'),
          gt(balanceOperations.createdAt, new Date(Date.now() - DEBT_PAYMENT_OPEN_MS)),
          // For the debt as it is now, the same way of paying: a card page left open does not
          // stop paying by a bound card, and an old page for another amount is not reused.
          eq(balanceOperations.amountMinor, -balance),
          body.cardId
            ? eq(balanceOperations.cardId, body.cardId)
            : isNull(balanceOperations.cardId),
        ),
      )
      .orderBy(desc(balanceOperations.createdAt))
      .limit(1);
    if (open) return { open };
    if (body.saveCard && !body.cardId) requireConfirmedPhone(user);
    const card = body.cardId ? await payingCard({ ...deps, db: tx }, user, body.cardId) : undefined;
    const operation = await createOperation(
      deps,
      {
        userId: user.id,
        orderType: 'PayDebt',
        amountMinor: -balance,
        currency: user.currency,
        cardId: card?.id ?? null,
      },
      tx,
    );
    return { operation, card };
  });
  if (decided.open) return paymentOf(deps, user.id, decided.open.id);
  return pay(deps, user, decided.operation, {
    cardToken: decided.card?.token,
    saveCard: Boolean(body.saveCard),
    description: `${deps.brand.title}: debt payment`,
    origin: body.origin,
  });
}

/** Top-ups by card with money not yet given back, oldest first. */
async function refundableTopUps(deps: PaymentDeps, userId: string, currency: UserRow['currency']) {
  return deps.db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.userId, userId),
        eq(balanceOperations.orderType, 'TopUpBalance'),
        eq(balanceOperations.status, 'succeeded'),
        eq(balanceOperations.currency, currency),
        isNotNull(balanceOperations.acquirerPaymentId),
        gt(balanceOperations.capturedMinor, balanceOperations.refundedMinor),
      ),
    )
    .orderBy(balanceOperations.createdAt);
}

/** Refunds still waiting for the acquirer: their money is already off the balance. */
async function openRefundsOf(deps: PaymentDeps, topUpIds: string[]) {
  if (topUpIds.length === 0) return new Map<string, number>();
  const rows = await deps.db
    .select({
      of: balanceOperations.refundOfId,
      total: sql<string>`sum(${balanceOperations.amountMinor})`.mapWith(Number),
    })
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.orderType, 'Refund'),
        eq(balanceOperations.status, 'pending'),
        inArray(balanceOperations.refundOfId, topUpIds),
      ),
    )
    .groupBy(balanceOperations.refundOfId);
  return new Map(rows.map((row) => [row.of ?? '', row.total]));
}

async function refundPlan(deps: PaymentDeps, user: UserRow) {
  const topUps = await refundableTopUps(deps, user.id, user.currency);
  const open = await openRefundsOf(
    deps,
    topUps.map((row) => row.id),
  );
  return topUps
    .map((row) => ({ row, left: row.capturedMinor - row.refundedMinor - (open.get(row.id) ?? 0) }))
    .filter((entry) => entry.left > 0);
}

/**
 * What may go back to cards now: the balance less what the driver's open sessions paid from it
 * cost so far, up to what the card payments brought.
 */
async function refundableMinor(deps: PaymentDeps, user: UserRow, balance: number) {
  const free = balance - (await openBalanceSessionsCost(deps.db, user.id));
  if (free <= 0) return 0;
  const plan = await refundPlan(deps, user);
  return Math.min(
    free,
    plan.reduce((sum, entry) => sum + entry.left, 0),
  );
}

/**
 * Gives balance back to the cards it came from, newest top-ups last. The money leaves the
 * balance in the same transaction that records the refunds, with the driver's row locked,
 * so two refunds at once cannot give the same money back twice.
 */
export async function refund(deps: PaymentDeps, user: UserRow, amountMinor: number) {
  personalOnly(user);
  const planned = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const balance = await walletBalanceMinor(tx, { kind: 'user_wallet', userId: user.id }, user.currency);
    const refundable = await refundableMinor({ ...deps, db: tx }, user, balance);
    const plan = await refundPlanIn(tx);
    if (amountMinor > refundable)
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ path: 'amountMinor', rule: rule.amount }],
        details: { refundableMinor: refundable },
      });
    const operations: Operation[] = [];
    let rest = amountMinor;
    for (const entry of plan) {
      if (rest === 0) break;
      const part = Math.min(rest, entry.left);
      rest -= part;
      const operation = await createOperation(
        deps,
        {
          userId: user.id,
          orderType: 'Refund',
          amountMinor: part,
          currency: user.currency,
          cardId: entry.row.cardId,
          refundOfId: entry.row.id,
        },
        tx,
      );
      await takeForRefund(tx, operation);
      operations.push(operation);
    }
    return { operations, plan };
  });
  const results: PaymentResult[] = [];
  for (const operation of planned.operations) {
    const topUp = planned.plan.find((entry) => entry.row.id === operation.refundOfId)?.row;
    const outcome = await askAcquirer(() =>
      deps.acquirer.refund({
        idempotencyKey: operation.idempotencyKey,
        paymentId: topUp?.acquirerPaymentId ?? '',
        amountMinor: operation.amountMinor,
      }),
    );
    const settled = outcome ? await applyOutcome(deps, operation.id, outcome) : operation;
    results.push(await paymentResult(deps.db, settled));
  }
  return {
    refundedMinor: results
      .filter((result) => result.status === 'succeeded')
      .reduce((sum, result) => sum + result.amountMinor, 0),
    operations: results,
  };

  async function refundPlanIn(tx: PaymentDeps['db']) {
    return refundPlan({ ...deps, db: tx }, user);
  }
}

/** The return page's question: how did it end? Settled with the acquirer first. */
export async function paymentOf(deps: PaymentDeps, userId: string, id: string) {
  const operation = await operationOf(deps.db, id, userId);
  if (!operation) throw new AppError('NOT_FOUND');
  const settled = await settleOperation(deps, operation);
  const page =
    settled.status === 'pending' && settled.acquirerPaymentId
      ? ((await deps.acquirer.payment(settled.acquirerPaymentId))?.redirectUrl ?? null)
      : null;
  return paymentResult(deps.db, settled, page);
}

/** The acquirer's notification: which operation, then the same settling as the return page. */
export async function onCallback(deps: PaymentDeps, paymentId: string) {
  const [operation] = await deps.db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.acquirer, deps.acquirer.name),
        eq(balanceOperations.acquirerPaymentId, paymentId),
      ),
    );
  if (!operation) return;
  await settleOperation(deps, operation);
}

