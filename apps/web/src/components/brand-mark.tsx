import { useTranslation } from 'react-i18next';
import { useBrandQuery } from '@/lib/brand';
import './brand-mark.css';

/** The brand's plug-and-bolt mark and its title (from GET /api/brand). */
export function BrandMark({ compact }: { compact?: boolean }) {
  const { data: brand } = useBrandQuery();
  const { t } = useTranslation();
  const title = compact ? (brand?.shortTitle ?? brand?.title) : brand?.title;
  return (
    <span className="brand-mark">
      <svg className="brand-mark__logo" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
        <rect width="512" height="512" rx="112" fill="var(--brand-fill)" />
        <path d="M196 96h32v72h-32zM284 96h32v72h-32z" fill="var(--on-brand-fill)" opacity="0.8" />
        <path d="M160 168H352V232C352 292 316 340 272 348V416H240V348C196 340 160 292 160 232Z" fill="var(--on-brand-fill)" />
        <path d="M274 192L214 274H250L238 332L298 246H262Z" fill="var(--brand-fill)" />
      </svg>
      <span className="brand-mark__title">{title ?? t('common:appName')}</span>
    </span>
  );
}
