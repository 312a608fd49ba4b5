import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';

type GuideSectionProps = { id: 'charge' | 'pay' | 'reserve'; icon: IconName; steps: number };

/** One guide: a short intro, numbered steps and a tip worth remembering. */
export function GuideSection({ id, icon, steps }: GuideSectionProps) {
  const { t } = useTranslation('guides');
  return (
    <section className="guide card" id={`guide-${id}`} aria-labelledby={`guide-${id}-title`} data-testid={`guide-${id}`}>
      <header className="guide__header">
        <span className="guide__icon"><Icon name={icon} /></span>
        <h2 id={`guide-${id}-title`}>{t(`guides:${id}.title`)}</h2>
      </header>
      <p className="muted">{t(`guides:${id}.intro`)}</p>
      <ol className="guide__steps">
        {Array.from({ length: steps }, (_, i) => (
          <li key={i}>
            <span className="guide__step-title">{t(`guides:${id}.steps.${i + 1}.title`)}</span>
            <span>{t(`guides:${id}.steps.${i + 1}.text`)}</span>
          </li>
        ))}
      </ol>
      <p className="guide__tip">
        <Icon name="info" size={20} />
        <span>{t(`guides:${id}.tip`)}</span>
      </p>
    </section>
  );
}
