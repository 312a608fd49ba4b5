import { clearIsNewDesign, writeLanguage } from '@/lib/storage';
import { rememberFcmToken, setLanguage } from '@/lib/preferences';
import { currentLanguage, i18n } from '@/lib/i18n';
import { readQueryEffects } from './guard';

/** SPEC §4 query parameters: `locale`, `fcmtoken`, `isOldDesign`. Safe to apply repeatedly. */
export function applyQueryParams(search: string): void {
  const effects = readQueryEffects(search);
  if (effects.fcmToken) rememberFcmToken(effects.fcmToken);
  if (effects.clearNewDesign) clearIsNewDesign();
  if (!effects.language) return;
  // Before i18n starts (boot) remembering is enough: it starts in the remembered language.
  if (!i18n.isInitialized) writeLanguage(effects.language);
  else if (effects.language !== currentLanguage()) void setLanguage(effects.language);
}
