import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { useFormat } from '@/lib/format';
import { displayScales, setDisplayScale, useDisplayScale } from '@/lib/preferences';

export function ScaleSettings() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const scale = useDisplayScale();
  const choices = displayScales.map((value) => ({
    value,
    label: format.percent(value),
    description: t(`settings:scale.names.${value}`),
  }));
  return (
    <Card title={t('settings:scale.title')} testId="settings-scale">
      <p className="muted">{t('settings:scale.hint')}</p>
      <ChoiceGroup
        legend={t('settings:scale.legend')}
        name="scale"
        value={scale}
        choices={choices}
        onChange={setDisplayScale}
        columns={4}
        testId="scale-choices"
      />
      <div className="settings__preview" aria-hidden="true">
        <p className="settings__preview-title">{t('settings:scale.previewTitle')}</p>
        <p className="muted">{t('settings:scale.previewText')}</p>
      </div>
    </Card>
  );
}
