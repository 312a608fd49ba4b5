import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceGroup, type Choice } from '@/components/ui/choice-group';
import { payableCards, type PayWithValue } from '../model/pay-with';
import { paymentPaths } from '../model/payment-paths';
import { CardNumber } from './card-number';

const anotherCard = 'another';

type PayWithProps = { cards: readonly Card[]; value: PayWithValue; onChange: (value: PayWithValue) => void; name: string };

/** Pay by a bound card (the default chosen first), or by another card on the bank's page. */
export function PayWith({ cards, value, onChange, name }: PayWithProps) {
  const { t } = useTranslation('payments');
  const payable = payableCards(cards);
  const choices: Choice<string>[] = [
    ...payable.map((card) => ({
      value: card.id,
      label: <CardNumber brand={card.brand} last4={card.last4} />,
      description: [card.bank, card.isDefault ? t('payments:card.default') : null].filter(Boolean).join(' · ') || undefined,
      testId: 'pay-with-card',
    })),
    { value: anotherCard, label: t('payments:payWith.another'), description: t('payments:payWith.anotherHint'), testId: 'pay-with-another' },
  ];
  return (
    <div className="stack-s" data-testid="pay-with">
      <ChoiceGroup
        legend={t('payments:payWith.legend')}
        name={name}
        columns={1}
        value={value.cardId ?? anotherCard}
        choices={choices}
        onChange={(choice) => onChange({ cardId: choice === anotherCard ? null : choice, saveCard: false })}
      />
      {payable.length === 0 && (
        <p className="muted small" data-testid="pay-with-no-cards">
          {t('payments:payWith.noCards')} <Link to={paymentPaths.cards}>{t('payments:payWith.toCards')}</Link>
        </p>
      )}
      {value.cardId === null && (
        <Checkbox
          label={t('payments:payWith.saveCard')}
          checked={value.saveCard}
          onChange={(event) => onChange({ cardId: null, saveCard: event.currentTarget.checked })}
          data-testid="pay-with-save"
        />
      )}
    </div>
  );
}
