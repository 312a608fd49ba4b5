import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { Button } from '@/components/ui/button';
import { useConnection } from '@/lib/connection';
import { Card as Panel } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import type { Balance } from '@/lib/money-query';
import type { usePayDebtMutation } from '../api/pay-debt';
import { continueAtAcquirer } from '../model/continue-at-acquirer';
import { initialPayWith, payWithBody, type PayWithValue } from '../model/pay-with';
import { PaymentFeedback } from './payment-feedback';
import { PayWith } from './pay-with';

type DebtPayFormProps = {
  balance: Balance;
  debtMinor: number;
  cards: readonly Card[];
  pay: ReturnType<typeof usePayDebtMutation>;
};

/** The debt in full view, and paying all of it by a bound card or another card. */
export function DebtPayForm({ balance, debtMinor, cards, pay }: DebtPayFormProps) {
  // The server pays or reserves: offline the button waits, saying why (SPEC §2).
  const { isOnline } = useConnection();
  const { t } = useTranslation('payments');
  const format = useFormat();
  const [chosen, setChosen] = useState<PayWithValue | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const payWith = chosen ?? initialPayWith(cards);
  const amount = format.money(debtMinor, balance.currency);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      if (continueAtAcquirer(await pay.mutateAsync(payWithBody(payWith)))) setLeaving(true);
    } catch {
      // Shown from the mutation's state.
    }
  }

  return (
    <>
      <section className="wallet-hero wallet-hero--debt" aria-labelledby="debt-amount-title" data-testid="debt-summary">
        <p id="debt-amount-title" className="wallet-hero__label"><Icon name="alert" size={20} />{t('payments:debt.amountTitle')}</p>
        <p className="wallet-hero__amount" data-testid="debt-amount">{amount}</p>
        <p>{t('payments:debt.why')}</p>
      </section>
      <Panel title={t('payments:debt.payTitle')} testId="debt-pay">
        <form className="money-form" noValidate onSubmit={(event) => void submit(event)} data-testid="debt-form">
          <PayWith name="debt-pay-with" cards={cards} value={payWith} onChange={setChosen} />
          <PaymentFeedback result={pay.data} error={pay.error} testId="debt" success={() => <p>{t('payments:debt.paidText')}</p>} />
          <Button type="submit" variant="primary" icon="wallet" block isLoading={pay.isPending || isLeaving} disabled={!isOnline} data-testid="debt-submit">
            {t('payments:debt.submit', { amount })}
          </Button>
          {!isOnline && <p className="needs-connection muted small" role="status" data-testid="needs-connection">{t('errors:offline.needsConnection')}</p>}
        </form>
      </Panel>
    </>
  );
}
