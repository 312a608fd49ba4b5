import { useState } from 'react';
import { setLocatedPosition } from './map-view-store';

export type LocateProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 timeout. */
export function locateProblemOf(code: number): LocateProblem {
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

export type Geolocation = {
  isLocating: boolean;
  problem: LocateProblem | null;
  locate: () => void;
  dismiss: () => void;
};

/** "Locate me": asks the browser once per tap; a refusal is explained, never retried silently. */
export function useGeolocation(): Geolocation {
  const [isLocating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocateProblem | null>(null);

  function locate() {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setProblem('unsupported');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocatedPosition({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        setProblem(locateProblemOf(error.code));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return { isLocating, problem, locate, dismiss: () => setProblem(null) };
}
