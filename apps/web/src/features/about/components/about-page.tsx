import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedbackChatPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { BrandMark } from '@/components/brand-mark';
import { SupportInfo } from '@/components/support-info';
import { Card } from '@/components/ui/card';
import { Icon, type IconName } from '@/components/ui/icon';
import { useBrandQuery, useDocumentTitle } from '@/lib/brand';
import './about.css';

/** Set by vite.config.ts from package.json; tests run without it. */
const appVersion: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0';

const links: readonly { to: string; labelKey: string; icon: IconName; testId: string }[] = [
  { to: paths.guides, labelKey: 'common:nav.guides', icon: 'book', testId: 'about-guides' },
  { to: paths.help, labelKey: 'common:nav.help', icon: 'help', testId: 'about-help' },
  { to: feedbackChatPath, labelKey: 'about:feedback', icon: 'send', testId: 'feedback-link' },
  { to: paths.termsOfUse, labelKey: 'common:termsOfUse', icon: 'document', testId: 'about-terms' },
  { to: paths.privacyPolicy, labelKey: 'common:privacyPolicy', icon: 'shield', testId: 'about-privacy' },
];

/** about (SPEC §2): what the product is, which version, whose brand, support and legal texts. */
export function AboutPage() {
  const { t } = useTranslation('about');
  const { data: brand } = useBrandQuery();
  const title = brand?.title ?? t('common:appName');
  useDocumentTitle(t('about:title'));
  return (
    <div className="about" data-testid="about-page">
      <header className="about__hero card">
        <BrandMark />
        <h1>{t('about:heading', { brand: title })}</h1>
        <p>{t('about:lead')}</p>
        <dl className="about__facts">
          <div><dt>{t('about:version')}</dt><dd data-testid="about-version">{appVersion}</dd></div>
          <div><dt>{t('about:operator')}</dt><dd>{title}</dd></div>
        </dl>
      </header>
      <Card title={t('about:what')}>
        <ul className="about__list">
          {(['map', 'charge', 'pay', 'reserve'] as const).map((key) => (
            <li key={key}>{t(`about:features.${key}`)}</li>
          ))}
        </ul>
      </Card>
      <SupportInfo />
      <nav aria-label={t('about:more')} className="about__links">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="about__link" data-testid={link.testId}>
            <Icon name={link.icon} />
            <span>{t(link.labelKey)}</span>
            <Icon name="chevronRight" className="about__chevron" />
          </Link>
        ))}
      </nav>
    </div>
  );
}
