import { useTranslation } from 'react-i18next';
import type { CardStatus } from '@evcharge/domain/payments';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';

/** SPEC §4 card statuses: linked, being processed by the bank, blocked by the bank. */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation('payments');
  if (status === 'blocked') {
    return (
      <span className="pay-blocked" data-testid="card-status" data-status={status}>
        <Icon name="lock" size={14} />
        {t('payments:card.status.blocked')}
      </span>
    );
  }
  return (
    <span data-testid="card-status" data-status={status}>
      <Badge tone={status === 'linked' ? 'success' : 'warning'}>{t(`payments:card.status.${status}`)}</Badge>
    </span>
  );
}
