import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractResponse } from '@evcharge/api/contract';
import { getConversationContext } from '@evcharge/api/admin/support';
import type { chargeSchema } from '@evcharge/api/sessions/charge-schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { dateTimeText, energyText, errorText, moneyText, stopReasonText } from '../../lib/format';
import type { LiveHub } from './live';

type Context = ContractResponse<typeof getConversationContext>;
type Charge = z.infer<typeof chargeSchema>;

/** The driver behind the conversation: what support needs without asking (SPEC §6). */
export function ContextPanel({ userId, hub }: { userId: string; hub: LiveHub }) {
  const { t, i18n } = useTranslation();
  const [context, setContext] = useState<Context | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  // A new message of this driver may come with a new session: read the context again.
  useEffect(
    () =>
      hub.listen((items, resync) => {
        if (resync || items.some((item) => item.userId === userId && item.author === 'user'))
          setVersion((n) => n + 1);
      }),
    [hub, userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    apiRequest(getConversationContext, { params: { userId }, signal: controller.signal }).then(
      (answer) => {
        setContext(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [userId, version]);

  if (error !== null && !context) {
    return (
      <div className="context" data-testid="console-context">
        <p className="alert" role="alert" data-testid="console-error">
          {errorText(t, error)}
        </p>
      </div>
    );
  }
  if (!context)
    return <div className="context skeleton-list" data-testid="console-context" aria-busy="true" />;

  const { user } = context;
  const language = i18n.language;
  const debt = user.debtMinor > 0 || user.balanceMinor < 0;
  const debtMinor = user.debtMinor > 0 ? user.debtMinor : -user.balanceMinor;
  const name = [user.name, user.patronymic, user.surname].filter(Boolean).join(' ');

  return (
    <div className="context" data-testid="console-context">
      <section className="context-block">
        <div className="avatar" aria-hidden="true">
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </div>
        <h2 className="context-name">{name || user.email}</h2>
        <dl className="facts one-column">
          <div>
            <dt>{t('context.email')}</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
              {!user.isEmailConfirmed && (
                <span className="muted"> · {t('context.unconfirmed')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('context.phone')}</dt>
            <dd>
              {user.phone ? <a href={`tel:${user.phone}`}>{user.phone}</a> : '—'}
              {user.phone && !user.isPhoneConfirmed && (
                <span className="muted"> · {t('context.unconfirmed')}</span>
              )}
            </dd>
          </div>
          {user.activeCompany && (
            <div>
              <dt>{t('context.company')}</dt>
              <dd>{user.activeCompany.name}</dd>
            </div>
          )}
        </dl>
      </section>
      <section className="context-block">
        <h3>{debt ? t('context.debt') : t('context.balance')}</h3>
        <p className={debt ? 'money danger-text' : 'money'} data-testid="console-context-money">
          {moneyText(debt ? debtMinor : user.balanceMinor, user.currency, language)}
        </p>
      </section>
      <section className="context-block">
        <h3>{t('context.active')}</h3>
        {context.activeSessions.length === 0 ? (
          <p className="muted">{t('context.noActive')}</p>
        ) : (
          <ul className="session-list">
            {context.activeSessions.map((charge) => (
              <ChargeRow key={charge.transactionId} charge={charge} />
            ))}
          </ul>
        )}
      </section>
      <section className="context-block">
        <h3>{t('context.last')}</h3>
        {context.lastSessions.length === 0 ? (
          <p className="muted">{t('context.noSessions')}</p>
        ) : (
          <ul className="session-list">
            {context.lastSessions.map((charge) => (
              <ChargeRow key={charge.transactionId} charge={charge} />
            ))}
          </ul>
        )}
      </section>
      <section className="context-block">
        <h3>{t('context.cars')}</h3>
        {context.cars.length === 0 ? (
          <p className="muted">{t('context.noCars')}</p>
        ) : (
          <ul className="car-list">
            {context.cars.map((car) => (
              <li key={car.Id}>
                <strong>{car.name}</strong>
                <span className="muted">
                  {[car.vin, car.batteryKwh ? t('units.kwh', { value: car.batteryKwh }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ChargeRow({ charge }: { charge: Charge }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="session-row" data-testid="console-context-session">
      <div className="session-row-top">
        <strong>{charge.station.name}</strong>
        <span className={`status status-${charge.status}`}>{t(`status.${charge.status}`)}</span>
      </div>
      <div className="muted">
        {t('session.connectorShort', { number: charge.connector.number })} ·{' '}
        {energyText(t, charge.energyWh, i18n.language)} ·{' '}
        {moneyText(charge.costMinor, charge.currency, i18n.language)}
      </div>
      <div className="muted">
        {dateTimeText(charge.startedAt ?? charge.createdAt, i18n.language)}
        {charge.stopReason &&
          ` · ${t('session.stopReason')}: ${stopReasonText(t, charge.stopReason)}`}
      </div>
    </li>
  );
}
