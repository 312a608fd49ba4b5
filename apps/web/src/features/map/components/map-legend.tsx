import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { availabilityCode, markerColors } from '../model/codes';
import './map-legend.css';

const swatches = [
  ['free', availabilityCode.free],
  ['busy', availabilityCode.busy],
  ['offline', availabilityCode.offline],
] as const;

/**
 * What the marker colours and glyphs mean; closed by default to keep the map clear, and closed
 * again by a tap anywhere else (the map under it, a marker) or Escape.
 */
export function MapLegend() {
  const { t } = useTranslation('map');
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const legend = ref.current;
      if (!legend?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !legend.contains(event.target as Node)) legend.open = false;
    };
    document.addEventListener('pointerdown', close, true);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details ref={ref} className="map-legend" data-testid="map-legend">
      <summary>{t('map:legend.title')}</summary>
      <ul>
        {swatches.map(([key, code]) => (
          <li key={key}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <circle cx="10" cy="10" r="8" fill={markerColors[code]} stroke="#fff" strokeWidth="2" />
              {key === 'offline' && <path d="M5 15 15 5" stroke="#fff" strokeWidth="2" />}
            </svg>
            {t(`common:availability.${key}`)}
          </li>
        ))}
        <li>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="#334155" stroke="#fff" strokeWidth="1.5" />
            <path d="M11 3.5 5.5 11h4L9 16.5 14.5 9h-4L11 3.5Z" fill="#fff" />
          </svg>
          {t('map:legend.fast')}
        </li>
        <li>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="8" fill="#334155" stroke="#fff" strokeWidth="1.5" />
            <circle cx="10" cy="10" r="2.6" fill="#fff" />
          </svg>
          {t('map:legend.slow')}
        </li>
      </ul>
    </details>
  );
}
