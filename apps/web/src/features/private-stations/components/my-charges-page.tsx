import { useSearchParams } from 'react-router';
import { ScheduleScreen } from './schedule-screen';
import { StationsList } from './stations-list';
import '@/components/ui/card.css';
import './private-stations.css';

/**
 * myCharges (SPEC §2, §6 station owner): the driver's own stations, and at `?station=<id>` the
 * schedule and prices of one (SPEC §2 schedule of a private station).
 */
export function MyChargesPage() {
  const station = useSearchParams()[0].get('station');
  return station === null ? <StationsList /> : <ScheduleScreen stationId={station} />;
}
