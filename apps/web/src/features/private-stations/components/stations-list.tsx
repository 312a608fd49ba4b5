import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useFormat } from '@/lib/format';
import { usePrivateStationsQuery } from '../api/list-stations';
import { ClaimDialog } from './claim-dialog';
import { PrivateStationCard } from './private-station-card';

/**
 * The driver's own stations with their connectors live, the latest sessions and what they
 * earned; a station is added by its code and secret.
 */
export function StationsList() {
  const { t } = useTranslation('profile');
  const format = useFormat();
  useDocumentTitle(t('profile:privateStations.title'));
  const query = usePrivateStationsQuery();
  const [isAdding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const stations = query.data?.items ?? [];
  const earnings = query.data?.earnings ?? [];
  const add = (
    <Button icon="plug" onClick={() => setAdding(true)} data-testid="owner-add">{t('profile:privateStations.add')}</Button>
  );
  return (
    <div className="owner" data-testid="my-charges-page">
      <header className="owner__header">
        <div className="owner__intro">
          <h1>{t('profile:privateStations.title')}</h1>
          <p className="muted">{t('profile:privateStations.intro')}</p>
        </div>
        {stations.length > 0 && add}
      </header>
      {added && <Alert tone="success" testId="owner-added"><p>{t('profile:privateStations.claim.added', { code: added })}</p></Alert>}
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="owner-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && stations.length === 0 && (
        <section className="owner__empty card" data-testid="owner-empty">
          <span className="owner__empty-icon" aria-hidden="true"><Icon name="plug" size={36} /></span>
          <h2>{t('profile:privateStations.empty.title')}</h2>
          <p className="muted">{t('profile:privateStations.empty.text')}</p>
          {add}
        </section>
      )}
      {stations.length > 0 && (
        <section className="owner__earnings card" aria-labelledby="owner-earnings-title" data-testid="owner-earnings">
          <span className="owner__earnings-icon" aria-hidden="true"><Icon name="wallet" size={28} /></span>
          <div className="owner__earnings-text">
            <h2 id="owner-earnings-title" className="owner__earnings-title">{t('profile:privateStations.earnings.title')}</h2>
            <p className="muted small">{t('profile:privateStations.earnings.hint')}</p>
          </div>
          <p className="owner__earnings-total" data-testid="owner-earnings-total">
            {earnings.length === 0
              ? t('profile:privateStations.earnings.none')
              : earnings.map((e) => format.money(e.amountMinor, e.currency)).join(' · ')}
          </p>
        </section>
      )}
      {stations.length > 0 && (
        <ul className="owner__list" aria-label={t('profile:privateStations.listTitle')}>
          {stations.map((station) => <PrivateStationCard key={station.id} station={station} />)}
        </ul>
      )}
      <ClaimDialog
        open={isAdding}
        onClose={() => setAdding(false)}
        onAdded={(code) => {
          setAdded(code);
          setAdding(false);
        }}
      />
    </div>
  );
}
