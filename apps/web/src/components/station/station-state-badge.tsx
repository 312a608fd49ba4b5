import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { stationState, stationStateText } from './station-state';
import './station-badges.css';

type StationStateBadgeProps = {
  station: Pick<StationDetail, 'label' | 'isOpenNow' | 'opensAt' | 'utcOffsetMinutes'>;
  testId?: string;
};

/** The station's one state in words (never colour alone, WCAG 1.4.1): page, sheet and hours. */
export function StationStateBadge({ station, testId = 'station-state' }: StationStateBadgeProps) {
  const { t, i18n } = useTranslation(['station', 'common']);
  const state = stationState(station);
  const modifier = state.kind === 'label' ? state.label : state.kind;
  return (
    <span className={`station-state station-state--${modifier}`} data-testid={testId} data-state={modifier}>
      {stationStateText(t, station, i18n.language)}
    </span>
  );
}
