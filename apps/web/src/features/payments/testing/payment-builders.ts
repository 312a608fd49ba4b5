import type {
  Card,
  PaymentResult,
  Receipt,
  BalanceOperation,
} from '@evcharge/api/payments/payment-schemas';
import type { Balance } from '@/lib/money-query';

// Test data of the money screens, as the contracts in packages/api/payments answer.

export function buildPaymentCard(patch: Partial<Card> = {}): Card {
  return {
    id: '7c0e6a52-1c1d-4f0a-9a55-000000000001',
    brand: 'visa',
    last4: '4242',
    bank: 'Demo Bank',
    expMonth: 8,
    expYear: 2099,
    status: 'linked',
    isDefault: true,
    ...patch,
  };
}

export function buildBalance(patch: Partial<Balance> = {}): Balance {
  return {
    currency: 'rub',
    balanceMinor: 150_050,
    debtMinor: 0,
    maxTopUpMinor: 5_000_000,
    refundableMinor: 100_000,
    isCompany: false,
    ...patch,
  };
}

export function buildPaymentResult(patch: Partial<PaymentResult> = {}): PaymentResult {
  return {
    operationId: '9d1c2b3a-0000-4000-8000-0000000000aa',
    orderType: 'TopUpBalance',
    status: 'succeeded',
    amountMinor: 100_000,
    currency: 'rub',
    redirectUrl: null,
    errorCode: null,
    card: { brand: 'visa', last4: '4242' },
    receiptId: null,
    shopOrderId: null,
    ...patch,
  };
}

export function buildOperation(patch: Partial<BalanceOperation> = {}): BalanceOperation {
  return {
    id: 'op-1',
    type: 'TopUpBalance',
    status: 'succeeded',
    amountMinor: 100_000,
    direction: 'in',
    currency: 'rub',
    errorCode: null,
    card: { brand: 'visa', last4: '4242' },
    transactionId: null,
    receiptId: null,
    createdAt: '2025-05-12T11:03:00.000Z',
    ...patch,
  };
}

export function buildReceipt(patch: Partial<Receipt> = {}): Receipt {
  return {
    id: '5e2d7c1a-0000-4000-8000-0000000000r1',
    number: 'EV-2025-000123',
    kind: 'session',
    createdAt: '2025-05-12T11:03:00.000Z',
    amountMinor: 60_000,
    vatMinor: 10_000,
    vatRatePercent: 20,
    currency: 'rub',
    items: [
      {
        code: 'energy',
        title: 'Energy',
        quantity: 25.5,
        unit: 'kWh',
        unitPriceMinor: 2_000,
        amountMinor: 51_000,
        vatRatePercent: 20,
        vatMinor: 8_500,
      },
      {
        code: 'parking',
        title: 'Parking',
        quantity: 18,
        unit: 'min',
        unitPriceMinor: 500,
        amountMinor: 9_000,
        vatRatePercent: 20,
        vatMinor: 1_500,
      },
    ],
    seller: {
      name: 'Seller LLC',
      taxId: '7701234567',
      address: 'Moscow, Tverskaya St 1',
      email: 'receipts@example.com',
    },
    payment: { method: 'card', cardBrand: 'mastercard', cardLast4: '5454' },
    exchange: null,
    transactionId: 1042,
    stationName: 'Tverskaya 12',
    utcOffsetMinutes: 180,
    ...patch,
  };
}
