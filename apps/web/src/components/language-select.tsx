import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages } from '@evcharge/domain/constants';
import { Icon } from '@/components/ui/icon';
import { languageNames, toBcp47 } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import './language-select.css';

/** A compact language switch for the pages outside the shell (signed-out visitors). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">{t('common:language')}</label>
      <Icon name="globe" size={20} />
      <select
        id={id}
        value={i18n.language}
        data-testid="language-select"
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={toBcp47(language)}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
