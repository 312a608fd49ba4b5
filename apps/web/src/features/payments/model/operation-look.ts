import type { BalanceOperation } from '@evcharge/api/payments/payment-schemas';
import type { IconName } from '@/components/ui/icon';

type OperationType = BalanceOperation['type'];
type PaymentStatus = BalanceOperation['status'];

export const operationIcons: Record<OperationType, IconName> = {
  TopUpBalance: 'wallet',
  PayDebt: 'checkCircle',
  SessionPayment: 'bolt',
  SessionCharge: 'bolt',
  Refund: 'refresh',
  Adjustment: 'settings',
  ReservationPayment: 'calendar',
  ReservationCharge: 'calendar',
  ShopOrder: 'card',
  ShopCharge: 'wallet',
  StationEarning: 'plug',
};

/** Done is good news; on its way is a note; failed and released took no money. */
export const statusTones: Record<PaymentStatus, 'success' | 'warning' | 'neutral'> = {
  succeeded: 'success',
  pending: 'warning',
  held: 'warning',
  failed: 'neutral',
  released: 'neutral',
};
