import { clearIsNewDesign, writeLanguage } from '@/lib/storage';
import { rememberFcmToken, setLanguage } from '@/lib/preferences';
import {
  currentLanguageQuestion,
  languageFromLink,
  setLanguageQuestion,
} from '@/lib/account-language';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { readQueryEffects } from './guard';

/**
 * SPEC §4 query parameters: `locale`, `fcmtoken`, `isOldDesign`. Safe to apply repeatedly. On
 * a signed-in device the `locale`'s language stays on screen and a notice offers to save it to
 * the account (lib/account-language.ts).
 */
export function applyQueryParams(search: string): void {
  const effects = readQueryEffects(search);
  if (effects.fcmToken) rememberFcmToken(effects.fcmToken);
  if (effects.clearNewDesign) clearIsNewDesign();
  if (!effects.language) return;
  // Once started, only a change of the screen's language counts: the same link applied again
  // (a re-render, a navigation within it) asks nothing more. At the start (boot) it always
  // counts: the entry (main.tsx) has remembered it already.
  if (i18n.isInitialized && effects.language === currentLanguage()) return;
  const session = getSession();
  if (session)
    setLanguageQuestion(
      languageFromLink(effects.language, session.Lang, currentLanguageQuestion()),
    );
  // Before i18n starts remembering is enough: it starts in the remembered language.
  if (!i18n.isInitialized) writeLanguage(effects.language);
  else void setLanguage(effects.language);
}
