import { useTranslation } from 'react-i18next';
import { isLanguage } from '@evcharge/domain/constants';
import { changeLanguage, languageNames, languages } from '../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language">
      <span className="visually-hidden">{t('topBar.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        data-testid="console-language"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language === 'kz' ? 'kk' : language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
