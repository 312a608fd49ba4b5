import { brandQueryOptions } from '@/lib/brand';
import { afterFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';
import { whenIdle } from '@/lib/yield';
import type { RouterLike } from '@/features/analytics/counter';

type CounterModule = Pick<typeof import('@/features/analytics/counter'), 'startAnalytics'>;
const loadCounter = (): Promise<CounterModule> => import('@/features/analytics/counter');

/**
 * SPEC §1: the web-analytics counter starts on load, but after the first screen has rendered
 * and when the browser is idle: its code (and the brand's external counter) never competes
 * with the first paint. A failure to load it is the counter's loss, never the driver's.
 */
export async function scheduleAnalytics(router: RouterLike, load: () => Promise<CounterModule> = loadCounter): Promise<void> {
  try {
    await afterFirstScreen();
    await whenIdle();
    const [{ startAnalytics }, brand] = await Promise.all([load(), queryClient.ensureQueryData(brandQueryOptions())]);
    startAnalytics(router, { counter: brand.analytics });
  } catch {
    // No counter this time.
  }
}
