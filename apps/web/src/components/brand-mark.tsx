import { useTranslation } from 'react-i18next';
import { useBrandQuery } from '@/lib/brand';
import { DEFAULT_ICON_URL } from './brand-logo';
import './brand-mark.css';

/** The brand's mark (its icon) and its title (SPEC §1: branding depends on the brand). */
export function BrandMark({ compact }: { compact?: boolean }) {
  const { data: brand } = useBrandQuery();
  const { t } = useTranslation();
  const title = compact ? (brand?.shortTitle ?? brand?.title) : brand?.title;
  return (
    <span className="brand-mark">
      <img className="brand-mark__logo" src={brand?.iconUrl ?? DEFAULT_ICON_URL} alt="" width={32} height={32} />
      <span className="brand-mark__title">{title ?? t('common:appName')}</span>
    </span>
  );
}
