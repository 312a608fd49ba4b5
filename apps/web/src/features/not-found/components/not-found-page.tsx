import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useDocumentTitle } from '@/lib/brand';
import './not-found.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common:notFound.title'));
  return (
    <div className="not-found" data-testid="not-found">
      <span className="not-found__icon"><Icon name="route" size={40} /></span>
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1>{t('common:notFound.title')}</h1>
      <p className="muted">{t('common:notFound.text')}</p>
      <ButtonLink to={paths.home} variant="primary" icon="map">{t('common:notFound.home')}</ButtonLink>
    </div>
  );
}
