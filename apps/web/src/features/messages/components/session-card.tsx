import { useTranslation } from 'react-i18next';
import type { MessageSession } from '@evcharge/api/messages/messages';
import { energyText } from '@/components/charge/charge-text';
import { stopReasonText } from '@/components/charge/stop-reason';
import { useFormat } from '@/lib/format';

/** The session a message carries (DESIGN: the chat carries the session), as support sees it too. */
export function SessionCard({ session }: { session: MessageSession }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const reason = stopReasonText(t, session.stopReason);
  return (
    <div className="chat-session" data-testid="chat-session-card" data-transaction-id={session.transactionId}>
      <p className="chat-session__title">
        {t('messages:session.title', { number: session.transactionId })}
        {' · '}
        {session.stationName}
      </p>
      <p className="chat-session__line">
        {session.stationCode} · {t('messages:session.connector', { number: session.connectorNumber })}
      </p>
      <dl className="chat-session__figures">
        <div><dt>{t('messages:session.energy')}</dt><dd>{energyText(t, session.energyWh, format.language)}</dd></div>
        <div><dt>{t('messages:session.cost')}</dt><dd>{format.money(session.costMinor, session.currency)}</dd></div>
      </dl>
      {reason && <p className="chat-session__line">{t('messages:session.reason', { reason })}</p>}
    </div>
  );
}
