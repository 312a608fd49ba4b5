import { useTranslation } from 'react-i18next';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { supportChatPath } from '@/app/charge-paths';
import { ButtonLink } from '@/components/ui/button';
import { CancelledSession } from './cancelled-session';
import { LiveSession } from './live-session';
import { PreparingSession } from './preparing-session';
import { SessionSummary } from './session-summary';

type SessionViewProps = { charge: Charge; samples: ChargeDetail['samples'] | undefined; receivedAt: number };

/** One session in the stage it is in: starting, running (or parked), finished or cancelled. */
export function SessionView({ charge, samples, receivedAt }: SessionViewProps) {
  const { t } = useTranslation('charging');
  return (
    <>
      <SessionStage charge={charge} samples={samples} receivedAt={receivedAt} />
      {/* SPEC §2 chat: a question about this session goes to support with the session attached. */}
      <ButtonLink to={supportChatPath(charge.transactionId)} variant="ghost" icon="support" className="charging-support" data-testid="support-link">
        {t('charging:support.write')}
      </ButtonLink>
    </>
  );
}

function SessionStage({ charge, samples, receivedAt }: SessionViewProps) {
  if (charge.status === 'preparing') return <PreparingSession charge={charge} />;
  if (charge.status === 'cancelled') return <CancelledSession charge={charge} />;
  if (charge.status === 'success') return <SessionSummary charge={charge} samples={samples} />;
  return <LiveSession charge={charge} samples={samples} receivedAt={receivedAt} />;
}
