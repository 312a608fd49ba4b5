import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { FilterPanel } from './filter-panel';

/** The `filter` route (SPEC §2): applying or leaving returns to the map. */
export function FilterPage() {
  const navigate = useNavigate();
  return <FilterPanel onDone={() => navigate(paths.home)} />;
}
