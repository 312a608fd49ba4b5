import { useTranslation } from 'react-i18next';
import { useBrandQuery } from '@/lib/brand';
import { brandLogo } from './brand-logo';
import './brand-mark.css';

/** The brand's plug-and-bolt mark and its title (from GET /api/brand). */
export function BrandMark({ compact }: { compact?: boolean }) {
  const { data: brand } = useBrandQuery();
  const { t } = useTranslation();
  const title = compact ? (brand?.shortTitle ?? brand?.title) : brand?.title;
  return (
    <span className="brand-mark">
      <svg className="brand-mark__logo" viewBox={brandLogo.viewBox} aria-hidden="true" focusable="false">
        <rect width="512" height="512" rx={brandLogo.cornerRadius} fill="var(--brand-fill)" />
        <path d={brandLogo.prongs} fill="var(--on-brand-fill)" opacity="0.8" />
        <path d={brandLogo.body} fill="var(--on-brand-fill)" />
        <path d={brandLogo.bolt} fill="var(--brand-fill)" />
      </svg>
      <span className="brand-mark__title">{title ?? t('common:appName')}</span>
    </span>
  );
}
