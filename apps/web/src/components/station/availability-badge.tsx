import { useTranslation } from 'react-i18next';
import type { Availability } from '@evcharge/domain/connector-status';
import './station-badges.css';

type AvailabilityBadgeProps = { availability: Availability; free: number; total: number; testId?: string };

/** Free / busy / out of order in words beside the colour: never colour alone (WCAG 1.4.1). */
export function AvailabilityBadge({ availability, free, total, testId }: AvailabilityBadgeProps) {
  const { t } = useTranslation();
  const text = availability === 'free' ? t('common:freeOf', { free, total }) : t(`common:availability.${availability}`);
  return (
    <span className={`availability availability--${availability}`} data-testid={testId} data-availability={availability}>
      <span className="availability__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
