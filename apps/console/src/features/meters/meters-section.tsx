import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractResponse } from '@evcharge/api/contract';
import { listMeterAnomalies, type MeterAnomaly } from '@evcharge/api/admin/meter-anomalies';
import { apiRequest } from '../../lib/api';
import type { TFunction } from 'i18next';
import { dateTimeText, errorText, moneyText } from '../../lib/format';
import { toBcp47 } from '../../lib/i18n';
import { CheckIcon } from '../../app/icons';

type Page = ContractResponse<typeof listMeterAnomalies>;

const PAGE_SIZE = 20;

/**
 * Meters (SPEC §6 the administrator interface): the sessions whose charge point's meter claimed
 * more energy than the connector could deliver in the time, newest first. Each was billed on its
 * plausible readings only; staff see the claim against the bill, and where to check the meter.
 */
export function MetersSection() {
  const { t } = useTranslation();
  const [items, setItems] = useState<MeterAnomaly[] | null>(null);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest(listMeterAnomalies, {
      query: { page: pages, pageSize: PAGE_SIZE },
      signal: controller.signal,
    }).then(
      (answer: Page) => {
        setItems((current) => {
          const kept = pages === 1 ? [] : (current ?? []);
          return [...kept, ...answer.items.filter((item) => !kept.some((seen) => seen.sessionId === item.sessionId))];
        });
        setTotal(answer.total);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [pages]);

  return (
    <div className="meters">
      <header className="section-head">
        <div>
          <h1>{t('meters.title')}</h1>
          <p className="muted">{t('meters.subtitle')}</p>
        </div>
        {items && <span className="pill" data-testid="console-meters-count">{t('meters.count', { n: total })}</span>}
      </header>
      {error !== null && (
        <p className="alert" role="alert" data-testid="console-error">{errorText(t, error)}</p>
      )}
      {!items && error === null && <div className="skeleton-list" aria-busy="true" />}
      {items && items.length === 0 && (
        <div className="empty card" data-testid="console-meters-empty">
          <span className="empty-icon"><CheckIcon size={40} /></span>
          <p>{t('meters.empty')}</p>
        </div>
      )}
      <ul className="meter-list">
        {items?.map((item) => <AnomalyCard key={item.sessionId} item={item} />)}
      </ul>
      {items && items.length < total && (
        <button type="button" className="button ghost" onClick={() => setPages((n) => n + 1)}>
          {t('common.more')}
        </button>
      )}
    </div>
  );
}

/** Energy as the reader's language writes it; a claim may run to billions of kWh (grouped digits). */
function largeEnergyText(t: TFunction, energyWh: number, language: string): string {
  const kwh = new Intl.NumberFormat(toBcp47(language), { maximumFractionDigits: 2 }).format(energyWh / 1000);
  return t('units.kwh', { value: kwh });
}

function AnomalyCard({ item }: { item: MeterAnomaly }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const powerKw = Math.round(item.connectorPowerW / 100) / 10;
  return (
    <li className="card meter-card" data-testid="console-meter-anomaly" data-transaction-id={item.transactionId}>
      <div className="meter-head">
        <div>
          <h2 className="meter-station">
            {item.station.code} · {item.station.name}
          </h2>
          <p className="muted">
            {t('meters.connector', { number: item.connectorNumber, power: powerKw })}
            {item.isRoaming && <span className="badge meter-roaming">{t('meters.roaming')}</span>}
          </p>
        </div>
        <span className="pill warn">{t(`status.${item.status}`, { defaultValue: item.status })}</span>
      </div>
      <dl className="meter-facts">
        <div>
          <dt>{t('meters.claimed')}</dt>
          <dd className="meter-claimed">{largeEnergyText(t, item.claimedWh, language)}</dd>
        </div>
        <div>
          <dt>{t('meters.billed')}</dt>
          <dd>
            {largeEnergyText(t, item.billedWh, language)} · {moneyText(item.costMinor, item.currency, language)}
          </dd>
        </div>
        <div>
          <dt>{t('meters.found')}</dt>
          <dd>{dateTimeText(item.foundAt, language)}</dd>
        </div>
        <div>
          <dt>{t('meters.session')}</dt>
          <dd>
            {t('meters.transaction', { id: item.transactionId })}
            {item.startedAt && ` · ${dateTimeText(item.startedAt, language)}`}
          </dd>
        </div>
      </dl>
    </li>
  );
}
