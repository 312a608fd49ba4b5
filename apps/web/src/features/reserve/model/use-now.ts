import { useEffect, useState } from 'react';

/** The time now, renewed every second while `isTicking` (a countdown on screen). */
export function useNow(isTicking: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
}
