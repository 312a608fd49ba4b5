import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useBindCardMutation } from '../api/bind-card';
import { brandName } from '@/lib/card-name';
import { continueAtAcquirer } from '../model/continue-at-acquirer';
import { outcomeOf } from '../model/payment-outcome';
import { PaymentFeedback } from './payment-feedback';

/**
 * "Bind a card": the acquirer's page takes the card details and 3-D Secure, then sends the
 * driver back to /cardredirect. Without a confirmed phone the server refuses (SPEC §5); when
 * the profile already says so, the button waits for the confirmation.
 */
export function BindCard({ isPhoneConfirmed, hasCards }: { isPhoneConfirmed: boolean | undefined; hasCards: boolean }) {
  const { t } = useTranslation('payments');
  const bind = useBindCardMutation();
  const isLeaving = bind.data !== undefined && outcomeOf(bind.data) === 'redirect';

  async function start() {
    try {
      continueAtAcquirer(await bind.mutateAsync());
    } catch {
      // Shown from the mutation's state.
    }
  }

  return (
    <div className="stack-s" data-testid="bind-card">
      <Button
        variant={hasCards ? 'secondary' : 'primary'}
        icon="card"
        isLoading={bind.isPending || isLeaving}
        disabled={isPhoneConfirmed === false}
        onClick={() => void start()}
        data-testid="bind-card-button"
      >
        {t('payments:cards.bind')}
      </Button>
      <p className="muted small">{t('payments:cards.bindHint')}</p>
      <PaymentFeedback result={bind.data} error={bind.error} testId="bind"
        success={(result) => <p>{result.card ? t('payments:redirect.cardBoundText', { brand: brandName(result.card.brand), last4: result.card.last4 }) : t('payments:redirect.cardBoundTitle')}</p>} />
    </div>
  );
}
