import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { LanguageSettings } from './language-settings';
import { PushSettings } from './push-settings';
import { ScaleSettings } from './scale-settings';
import './settings.css';

/** appSettings: interface language and display scale, remembered on this device. */
export function AppSettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('settings:title'));
  return (
    <div className="settings" data-testid="settings-page">
      <div className="settings__intro">
        <h1>{t('settings:title')}</h1>
        <p className="muted">{t('settings:lead')}</p>
      </div>
      <LanguageSettings />
      <ScaleSettings />
      <PushSettings />
    </div>
  );
}
