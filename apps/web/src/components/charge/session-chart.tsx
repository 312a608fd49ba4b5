import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { stationClockTime } from '@/lib/station-clock';
import { chartGeometry, type ChartSample } from './chart-geometry';
import './charge.css';

const WIDTH = 1000;
const HEIGHT = 300;
const GRID = [0.25, 0.5, 0.75];

/**
 * Power and state of charge over a session. The plot stretches to its box (lines keep their
 * width), and the labels are text beside it, so it reads the same on a phone and a desktop.
 */
export function SessionChart({
  samples,
  utcOffsetMinutes,
  testId = 'session-chart',
}: {
  samples: readonly ChartSample[];
  utcOffsetMinutes: number;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('charging');
  const language = i18n.language;
  const geometry = chartGeometry(samples, WIDTH, HEIGHT);
  if (!geometry) {
    return (
      <figure
        className="session-chart session-chart--empty"
        data-testid={testId}
        data-points={samples.length}
      >
        <p className="muted small">{t('charging:chart.empty')}</p>
      </figure>
    );
  }
  const kw = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  // On the station's clock, as the screen around the chart says its times (lib/station-clock).
  const time = (date: Date) => stationClockTime(date, utcOffsetMinutes, language);
  const hasSoc = geometry.socLine !== '';
  const summary =
    hasSoc && geometry.socFirst !== null && geometry.socLast !== null
      ? t('charging:chart.summarySoc', {
          peak: kw(geometry.peakKw),
          from: geometry.socFirst,
          to: geometry.socLast,
        })
      : t('charging:chart.summary', { peak: kw(geometry.peakKw) });
  return (
    <figure className="session-chart" data-testid={testId} data-points={samples.length}>
      <figcaption className="session-chart__legend">
        <span className="session-chart__key session-chart__key--power">
          {t('charging:chart.power')}
        </span>
        {hasSoc && (
          <span className="session-chart__key session-chart__key--soc">
            {t('charging:chart.soc')}
          </span>
        )}
      </figcaption>
      <div className="session-chart__body">
        <span className="session-chart__scale" aria-hidden="true">
          <span>{t('common:powerKw', { value: kw(geometry.maxKw) })}</span>
          <span>0</span>
        </span>
        <svg
          className="session-chart__plot"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          {GRID.map((share) => (
            <line
              key={share}
              x1="0"
              x2={WIDTH}
              y1={HEIGHT * share}
              y2={HEIGHT * share}
              className="session-chart__grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={geometry.powerArea} className="session-chart__area" />
          <path
            d={geometry.powerLine}
            className="session-chart__power"
            vectorEffect="non-scaling-stroke"
          />
          {hasSoc && (
            <path
              d={geometry.socLine}
              className="session-chart__soc"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        {hasSoc && (
          <span className="session-chart__scale session-chart__scale--soc" aria-hidden="true">
            <span>100%</span>
            <span>0%</span>
          </span>
        )}
      </div>
      <div className="session-chart__times" aria-hidden="true">
        <time dateTime={geometry.startAt.toISOString()}>{time(geometry.startAt)}</time>
        <time dateTime={geometry.endAt.toISOString()}>{time(geometry.endAt)}</time>
      </div>
    </figure>
  );
}
