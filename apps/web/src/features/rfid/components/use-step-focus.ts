import { useEffect, useRef } from 'react';

/**
 * The heading of the step on screen takes focus when the step changes (not on the first
 * render), so a screen reader and a keyboard start at what to do now.
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const ref = useRef<T>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== step) ref.current?.focus();
    shown.current = step;
  }, [step]);
  return ref;
}
