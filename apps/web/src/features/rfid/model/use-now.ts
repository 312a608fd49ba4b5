import { useEffect, useState } from 'react';

/** The time now, renewed every second while `isTicking` (the step's countdown on screen). */
export function useNow(isTicking: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
}

/** "2:05": minutes and seconds left until `deadline`, never below zero. */
export function countdownText(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
