import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { benefitText } from '@/components/loyalty/loyalty-text';
import { Icon } from '@/components/ui/icon';
import { SelectField } from '@/components/ui/select-field';

type LoyaltyPickerProps = { cards: readonly LoyaltyCard[]; cardId: string | null; onChange: (cardId: string | null) => void };

/** "Family card · 0001": the name the driver gave it, or its programme's, and the last digits. */
function cardLabel(card: LoyaltyCard): string {
  return `${card.name ?? card.company.name} · ${card.number.slice(-4)}`;
}

/**
 * Which loyalty card the session runs with (SPEC §7 Loyalty): the default one unless the
 * driver picks another, or none; its discount goes into the estimate.
 */
export function LoyaltyPicker({ cards, cardId, onChange }: LoyaltyPickerProps) {
  const { t, i18n } = useTranslation('charging');
  const card = cards.find((item) => item.id === cardId);
  return (
    <div className="car-picker">
      <span className="car-picker__icon" aria-hidden="true"><Icon name="star" size={22} /></span>
      <SelectField
        label={t('charging:loyalty.picker.label')}
        className="car-picker__field"
        value={cardId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        hint={card ? `${card.company.name} — ${benefitText(t, card.company.benefit, i18n.language)}` : t('charging:loyalty.picker.noneHint')}
        data-testid="precharge-loyalty"
      >
        {cards.map((item) => <option key={item.id} value={item.id}>{cardLabel(item)}</option>)}
        <option value="">{t('charging:loyalty.picker.none')}</option>
      </SelectField>
    </div>
  );
}
