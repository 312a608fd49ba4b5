import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError, isErrorCode } from '@evcharge/domain/errors';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import type { OrderType } from '../../db/schema/money';
import type { Deps } from '../../deps';
import type { AcquirerPayment } from '../../payments/acquirer';
import { AcquirerUnavailable } from '../../payments/acquirer';
import { cardLabel } from './card-repo';
import { insertOperation, receiptOfOperation, type Operation } from './repo';

// Operations through the acquirer (balance_operations): created before the acquirer is
// asked, then settled by what the acquirer says (settlement.ts).

export type PaymentDeps = Pick<Deps, 'db' | 'config' | 'brand' | 'acquirer' | 'metrics' | 'purchases'>;

const finalStatuses = new Set(['succeeded', 'failed', 'released']);

export function isFinal(operation: Pick<Operation, 'status'>) {
  return finalStatuses.has(operation.status);
}

export async function createOperation(
  deps: PaymentDeps,
  values: {
    userId: string;
    companyId?: string | null;
    orderType: OrderType;
    amountMinor: number;
    currency: Currency;
    cardId?: string | null;
    sessionId?: string | null;
    reservationId?: string | null;
    refundOfId?: string | null;
    shopOrderId?: string | null;
  },
  db: Db = deps.db,
): Promise<Operation> {
  const id = crypto.randomUUID();
  const operation = await insertOperation(db, {
    id,
    ...values,
    acquirer: deps.acquirer.name,
    idempotencyKey: `${values.orderType}:${id}`,
  });
  if (!operation) throw new Error('operation insert returned nothing');
  return operation;
}

/** Asks the acquirer; an unreachable acquirer leaves the operation open (undefined). */
export async function askAcquirer(
  call: () => Promise<AcquirerPayment | undefined>,
): Promise<AcquirerPayment | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AcquirerUnavailable) return undefined;
    throw error;
  }
}

/** An operation as the API shows it. */
export async function paymentResult(
  db: Db,
  operation: Operation,
  redirectUrl: string | null = null,
): Promise<PaymentResult> {
  const card = operation.cardId ? await cardLabel(db, operation.cardId) : undefined;
  const receipt = await receiptOfOperation(db, operation);
  return {
    operationId: operation.id,
    orderType: operation.orderType,
    status: operation.status,
    amountMinor: operation.amountMinor,
    currency: operation.currency,
    redirectUrl: operation.status === 'pending' ? redirectUrl : null,
    errorCode: operation.errorCode,
    card: card ?? null,
    receiptId: receipt?.id ?? null,
    shopOrderId: operation.shopOrderId,
  };
}

/** A declined operation as the error the app shows (ACQ code or CARD_BLOCKED). */
export function declineError(operation: Operation): AppError {
  const code = operation.errorCode && isErrorCode(operation.errorCode) ? operation.errorCode : 'ACQ10';
  return new AppError(code, { details: { operationId: operation.id } });
}
