import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { groupedNumber } from '@/components/loyalty/loyalty-text';
import { Dialog } from '@/components/ui/dialog';
import { Barcode } from './barcode';
import { LoyaltyCardFace } from './loyalty-card-face';

/** A card opened large for the partner's till: the card, its barcode and its number to type. */
export function LoyaltyCardDialog({ card, open, onClose }: { card: LoyaltyCard; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  return (
    <Dialog open={open} onClose={onClose} title={card.name ?? card.company.name} closeLabel={t('common:close')} testId="loyalty-card-dialog">
      <div className="loyalty-show">
        <LoyaltyCardFace card={card} size="large" />
        <Barcode value={card.number} format={card.company.barcode} />
        <p className="loyalty-show__number" data-testid="loyalty-show-number">{groupedNumber(card.number)}</p>
        <p className="muted small center">{t('loyalty:show.hint')}</p>
      </div>
    </Dialog>
  );
}
