import { useTranslation } from 'react-i18next';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import { Badge } from '@/components/ui/badge';

const tones = { paid: 'success', awaitingPayment: 'warning', failed: 'neutral' } as const;

export function OrderStatus({ status }: { status: ShopOrder['status'] }) {
  const { t } = useTranslation('payments');
  return (
    <span data-testid="order-status" data-status={status}>
      <Badge tone={tones[status]}>{t(`payments:shop.status.${status}`)}</Badge>
    </span>
  );
}
