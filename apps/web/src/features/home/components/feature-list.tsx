import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';

const features: readonly { key: string; icon: IconName }[] = [
  { key: 'find', icon: 'pin' },
  { key: 'charge', icon: 'bolt' },
  { key: 'pay', icon: 'card' },
  { key: 'reserve', icon: 'calendar' },
  { key: 'garage', icon: 'star' },
  { key: 'support', icon: 'support' },
];

/** What a driver can do with the app. */
export function FeatureList() {
  const { t } = useTranslation('home');
  return (
    <section className="home__features" aria-labelledby="home-features-title">
      <h2 id="home-features-title">{t('home:featuresTitle')}</h2>
      <ul className="home__grid">
        {features.map((feature) => (
          <li key={feature.key} className="home__feature">
            <span className="home__feature-icon"><Icon name={feature.icon} /></span>
            <h3>{t(`home:features.${feature.key}.title`)}</h3>
            <p className="muted">{t(`home:features.${feature.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
