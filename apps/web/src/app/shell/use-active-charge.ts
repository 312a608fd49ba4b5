import { useQuery } from '@tanstack/react-query';
import { haveActiveQueryKey } from '@/lib/charge-keys';
import { afterFirstScreen } from '@/lib/first-screen';
import { refetchInterval } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { whenIdle } from '@/lib/yield';

/**
 * Whether the driver has an open session, for the shell's charging entry. The shell
 * is part of the map home's first load, so this stays small: the request waits until the first
 * screen is up and the browser idle, and its code comes with the charging screens' loaders
 * (app/charge-screens.ts).
 */
export function useHasActiveCharge(): boolean {
  const isSignedIn = useSession() !== null;
  const query = useQuery({
    queryKey: haveActiveQueryKey,
    queryFn: async ({ signal }) => {
      await afterFirstScreen();
      await whenIdle();
      return (await import('../charge-screens')).fetchHaveActive(signal);
    },
    enabled: isSignedIn,
    refetchInterval: refetchInterval.activeCharge,
  });
  return isSignedIn && query.data?.haveActive === true;
}
