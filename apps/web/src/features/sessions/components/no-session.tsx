import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** No session open: where to start one. */
export function NoSession() {
  const { t } = useTranslation('charging');
  return (
    <section className="charging-empty" data-testid="charging-empty" aria-labelledby="charging-empty-title">
      <span className="charging-empty__icon" aria-hidden="true"><Icon name="plug" size={36} /></span>
      <h1 id="charging-empty-title">{t('charging:empty.title')}</h1>
      <p className="muted">{t('charging:empty.text')}</p>
      <div className="row charging-empty__actions">
        <ButtonLink to={paths.home} variant="primary" icon="map" data-testid="charging-to-map">{t('charging:empty.toMap')}</ButtonLink>
        <ButtonLink to={paths.history} variant="secondary" icon="history">{t('charging:empty.toHistory')}</ButtonLink>
      </div>
    </section>
  );
}
