import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { acquirerCallback } from '@evcharge/api/payments/payments';
import { AppError, type ErrorCode } from '@evcharge/domain/errors';
import { paymentCards } from '../db/schema/driver';
import { balanceOperations } from '../db/schema/money';
import {
  applyOutcome,
  onCallback,
  operationOf,
  payDebt,
  paymentOf,
  refund,
  settleOperation,
  topUp,
} from '../modules/payments';
import { SIGNATURE_HEADER } from '../payments/sandbox/notifier';
import { outcomeOf } from '../payments/sandbox/pages';
import { cardOf, declineCardNumber } from '../payments/sandbox/test-cards';
import type { TestServer } from './harness';
import type { MoneyDeps } from './money-deps';
import {
  allDone,
  cardNumbers,
  noEffect,
  type Command,
  type Effect,
  type PageOutcome,
  type PropertyDriver,
} from './money-model';
import { runSession } from './money-session';

// Runs the property test's commands (./money-model.ts) through the real service functions,
// some of them several times at once; each answers what it did by what the services returned.

/** The sandbox page, as the driver fills it (pages.ts): the card, 3-D Secure, the answer. */
async function completePage(
  deps: MoneyDeps,
  userId: string,
  operationId: string,
  page: PageOutcome,
) {
  const operation = await operationOf(deps.db, operationId);
  const paymentId = operation?.acquirerPaymentId;
  if (!paymentId) throw new Error(`operation ${operationId} has no payment`);
  if (page !== 'abandon') {
    const card = cardOf(page === 'ok' ? cardNumbers.ok : declineCardNumber(4));
    if (!card) throw new Error('not a test card');
    const behaviour = card.behaviour;
    await deps.sandbox.enterCard(paymentId, { ...cardFields(card.number, card.brand), behaviour });
    await deps.sandbox.complete(paymentId, { errorCode: outcomeOf(behaviour) });
  }
  // The return page, opened twice, while the acquirer's notification comes in.
  const [result] = await allDone([
    paymentOf(deps, userId, operationId),
    paymentOf(deps, userId, operationId),
  ]);
  return result;
}

export function cardFields(number: string, brand = 'visa') {
  return { brand, bank: 'Sandbox Bank', last4: number.slice(-4), expMonth: 12, expYear: 2034 };
}

/** The acquirer's notification as it comes over HTTP, signed. */
async function signedCallback(server: TestServer, secret: string, paymentId: string) {
  const body = { paymentId };
  const signature = createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex');
  const answer = await server.call(acquirerCallback, {
    params: { acquirer: 'sandbox' },
    body,
    headers: { [SIGNATURE_HEADER]: signature },
  });
  if (answer.status !== 200) throw new Error(`callback answered ${answer.status}`);
}

/** Every way an operation gets settled, at once: none of them may move money twice. */
async function replay(ctx: Context, userId: string, pick: number) {
  const operations = await ctx.deps.db
    .select()
    .from(balanceOperations)
    .where(eq(balanceOperations.userId, userId))
    .orderBy(balanceOperations.createdAt, balanceOperations.id);
  const operation = operations[pick % Math.max(1, operations.length)];
  if (!operation) return;
  const paymentId = operation.acquirerPaymentId;
  const view = paymentId ? await ctx.deps.acquirer.payment(paymentId) : undefined;
  await allDone([
    settleOperation(ctx.deps, operation),
    settleOperation(ctx.deps, operation),
    ...(view
      ? [
          applyOutcome(ctx.deps, operation.id, view),
          applyOutcome(ctx.deps, operation.id, view),
          onCallback(ctx.deps, view.paymentId),
          signedCallback(ctx.server, ctx.secret, view.paymentId),
        ]
      : []),
  ]);
}

export type Context = { deps: MoneyDeps; server: TestServer; secret: string };

/** Runs a command through the service functions; its effect, as their answers tell it. */
export async function execute(
  ctx: Context,
  driver: PropertyDriver,
  command: Command,
  refundMinor: number,
): Promise<Effect> {
  const { deps } = ctx;
  const { user } = driver;
  const effect = await run().catch((error: unknown) => {
    if (error instanceof AppError) return { ...noEffect(driver.model), error: error.code };
    throw error;
  });
  const [card] = await deps.db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.id, driver.card.id));
  return { ...effect, isCardBlocked: card?.status === 'blocked' };

  async function run(): Promise<Effect> {
    const effect = noEffect(driver.model);
    switch (command.kind) {
      case 'topUpCard': {
        const result = await topUp(deps, user, {
          amountMinor: command.amountMinor,
          cardId: driver.card.id,
        });
        return paidEffect(effect, result, 'topUpMinor');
      }
      case 'topUpPage': {
        const started = await topUp(deps, user, { amountMinor: command.amountMinor });
        const result = await completePage(deps, user.id, started.operationId, command.page);
        return paidEffect(effect, result, 'topUpMinor');
      }
      case 'payDebtCard': {
        const result = await payDebt(deps, user, { cardId: driver.card.id });
        return paidEffect(effect, result, 'debtPaidMinor');
      }
      case 'payDebtPage': {
        const started = await payDebt(deps, user, {});
        const result = await completePage(deps, user.id, started.operationId, command.page);
        return paidEffect(effect, result, 'debtPaidMinor');
      }
      case 'refund': {
        const result = await refund(deps, user, refundMinor);
        // Money leaves the balance when the refund is asked for, before the acquirer answers.
        const taken = result.operations
          .filter((operation) => operation.status === 'pending' || operation.status === 'succeeded')
          .reduce((sum, operation) => sum + operation.amountMinor, 0);
        return { ...effect, walletMinor: 0 - taken, refundMinor: taken };
      }
      case 'session': {
        const session = await runSession(deps, user.id, driver.place, command);
        return {
          ...effect,
          walletMinor: session.capturedMinor - session.costMinor,
          sessionCostMinor: session.costMinor,
          ...(session.refused ? { error: session.refused } : {}),
        };
      }
      case 'replay':
        await replay(ctx, user.id, command.pick);
        return effect;
    }
  }
}

function paidEffect(
  effect: Effect,
  result: { operationId: string; status: string; amountMinor: number; errorCode: string | null },
  what: 'topUpMinor' | 'debtPaidMinor',
): Effect {
  const about = { ...effect, operationId: result.operationId };
  if (result.status === 'succeeded')
    return { ...about, walletMinor: result.amountMinor, [what]: result.amountMinor };
  return result.errorCode ? { ...about, error: result.errorCode as ErrorCode } : about;
}
