import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { SupportInfo } from '@/components/support-info';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { GuideSection } from './guide-section';
import './guides.css';

const guides = [
  { id: 'charge', icon: 'bolt', steps: 6 },
  { id: 'pay', icon: 'card', steps: 4 },
  { id: 'reserve', icon: 'calendar', steps: 4 },
] as const;

/** gides (SPEC §2, public, outside the shell): how to charge, pay and reserve. */
export function GuidesPage() {
  const { t } = useTranslation('guides');
  // Help and about are not public paths (SPEC §4): a visitor has the contacts right here.
  const isSignedIn = useSession() !== null;
  useDocumentTitle(t('guides:title'));
  return (
    <div className="guides" data-testid="guides-page">
      <header className="guides__intro">
        <h1>{t('guides:title')}</h1>
        <p className="muted">{t('guides:lead')}</p>
        <nav aria-label={t('guides:contents')}>
          <ul className="guides__toc">
            {guides.map((guide) => (
              <li key={guide.id}><a href={`#guide-${guide.id}`}>{t(`guides:${guide.id}.title`)}</a></li>
            ))}
          </ul>
        </nav>
      </header>
      {guides.map((guide) => <GuideSection key={guide.id} {...guide} />)}
      <section className="guides__more stack" aria-labelledby="guides-more-title">
        <h2 id="guides-more-title">{t('guides:more.title')}</h2>
        <p className="muted">{t('guides:more.text')}</p>
        <SupportInfo />
        <div className="row">
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('guides:more.toMap')}</ButtonLink>
          {isSignedIn && <Link to={paths.help} className="guides__link">{t('common:nav.help')}</Link>}
          {isSignedIn && <Link to={paths.about} className="guides__link">{t('common:nav.about')}</Link>}
        </div>
      </section>
    </div>
  );
}
