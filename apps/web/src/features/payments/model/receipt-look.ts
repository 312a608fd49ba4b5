import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import type { IconName } from '@/components/ui/icon';

export const receiptIcons: Record<Receipt['kind'], IconName> = {
  session: 'bolt',
  top_up: 'wallet',
  reservation: 'calendar',
  debt_payment: 'checkCircle',
  refund: 'refresh',
  session_adjustment: 'document',
  shop_order: 'list',
  station_earning: 'plug',
};
