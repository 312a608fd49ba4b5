import { useTranslation } from 'react-i18next';
import { isLanguage, languages, type Language } from '@evcharge/domain/constants';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { errorText } from '@/lib/api-error';
import { languageNames, toBcp47 } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { useUpdateLanguageMutation } from '@/lib/update-language';

const choices = languages.map((language) => ({
  value: language,
  label: languageNames[language],
  lang: toBcp47(language),
}));

export function LanguageSettings() {
  const { t, i18n } = useTranslation('settings');
  const session = useSession();
  const updateMutation = useUpdateLanguageMutation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'ru';

  async function choose(language: Language) {
    await setLanguage(language);
    // A signed-in user's choice also goes to the server (SPEC §7 updateLanguage).
    if (session) updateMutation.mutate(language);
  }

  return (
    <Card title={t('settings:language.title')} testId="settings-language">
      <p className="muted">{t('settings:language.hint')}</p>
      <ChoiceGroup
        legend={t('settings:language.legend')}
        name="language"
        value={current}
        choices={choices}
        onChange={(value) => void choose(value)}
        columns={2}
        testId="language-choices"
      />
      {updateMutation.isError && (
        <Alert tone="warning" testId="language-sync-error">
          <p>{t('settings:language.syncFailed')}</p>
          <p>{errorText(t, updateMutation.error)}</p>
        </Alert>
      )}
      {updateMutation.isSuccess && (
        <p role="status" className="muted small" data-testid="language-synced">{t('settings:language.synced')}</p>
      )}
    </Card>
  );
}
