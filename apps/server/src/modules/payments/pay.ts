import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { UserRow } from '../../plugins/auth';
import { payerForProfile } from '../ledger';
import { cardOfUser } from './card-repo';
import { askAcquirer, declineError, paymentResult, type PaymentDeps } from './operations';
import type { Operation } from './repo';
import { applyOutcome } from './settlement';

// Paying an operation the driver asked for (a binding, a top-up, the debt): by a bound card
// at once, or on the acquirer's page.

/** Where a link back to the driver points; routes pass `returnOrigin(request, config)`. */
export type Origin = { origin?: string };

/**
 * Back to the origin the driver came from (http/origin.ts; PUBLIC_URL when unknown): SPEC §2
 * /cardredirect after binding a card, /callback after a payment (a top-up, the debt, an order).
 */
function returnUrl(deps: PaymentDeps, operation: Operation, origin = deps.config.publicUrl) {
  const page = operation.orderType === 'CardBinding' ? 'cardredirect' : 'callback';
  return `${origin}/${page}?operation=${operation.id}`;
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

export function invalid(path: string, details?: Record<string, number | string>) {
  return new AppError('VALIDATION_FAILED', { fields: [{ path, rule: rule.invalid }], details });
}

/** Top-ups and refunds are the driver's own wallet's, never a company's. */
export function personalOnly(user: UserRow) {
  if (payerForProfile(user.id, user).kind !== 'user_wallet') throw new AppError('FORBIDDEN');
}

/** A card that may pay: the driver's, linked. */
export async function payingCard(deps: PaymentDeps, user: UserRow, cardId: string) {
  const card = await cardOfUser(deps.db, user.id, cardId);
  if (!card) throw invalid('cardId');
  if (card.status === 'blocked') throw new AppError('CARD_BLOCKED');
  if (card.status !== 'linked') throw invalid('cardId');
  return card;
}

type How = { cardToken?: string; saveCard: boolean; description: string } & Origin;

/**
 * Starts paying an operation: from a bound card at once, or on the acquirer's page (then with
 * the page to open). Answers the operation as the acquirer left it, a decline recorded on it.
 */
export async function startPayment(
  deps: PaymentDeps,
  user: UserRow,
  operation: Operation,
  how: How,
): Promise<{ operation: Operation; redirectUrl: string | null }> {
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
    return { operation: settled, redirectUrl: null };
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
  return { operation: settled, redirectUrl: pageUrl(deps, outcome.redirectUrl, user, how.origin) };
}

/**
 * Pays an operation: from a bound card at once, or on the acquirer's page (the answer then
 * carries the page to open). A decline is recorded on the operation and answered as its code.
 */
export async function pay(
  deps: PaymentDeps,
  user: UserRow,
  operation: Operation,
  how: How,
): Promise<PaymentResult> {
  const started = await startPayment(deps, user, operation, how);
  if (started.operation.status === 'failed') throw declineError(started.operation);
  return paymentResult(deps.db, started.operation, started.redirectUrl);
}
