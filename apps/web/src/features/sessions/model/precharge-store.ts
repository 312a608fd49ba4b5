import { useSyncExternalStore } from 'react';
import type { ChargingProfile } from '@evcharge/domain/charging';
import type { LimitDraft } from './limit-form';

// What the driver has chosen on the precharging screen, kept while they visit chargeProfile
// and come back, for the page's life: the profile (fast unless chosen, as the API defaults)
// and the limit typed per connector.

let profile: ChargingProfile = 'fast';
const drafts = new Map<string, LimitDraft>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getChargingProfile(): ChargingProfile {
  return profile;
}

export function setChargingProfile(next: ChargingProfile): void {
  profile = next;
  emit();
}

export function useChargingProfile(): ChargingProfile {
  return useSyncExternalStore(subscribe, getChargingProfile, getChargingProfile);
}

const emptyDraft: LimitDraft = { mode: 'none', text: '' };

export function getLimitDraft(key: string): LimitDraft {
  return drafts.get(key) ?? emptyDraft;
}

export function setLimitDraft(key: string, draft: LimitDraft): void {
  drafts.set(key, draft);
  emit();
}

export function useLimitDraft(key: string): LimitDraft {
  return useSyncExternalStore(subscribe, () => getLimitDraft(key), () => getLimitDraft(key));
}
