import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { SupportInfo } from '@/components/support-info';
import { Button, ButtonLink } from '@/components/ui/button';
import { useBrandQuery, useDocumentTitle } from '@/lib/brand';
import { openLoginDialog } from '@/lib/login-dialog';
import { useSession } from '@/lib/session';
import { FeatureList } from './feature-list';
import './home.css';

/** The app's home (the map takes this place in the next issue). */
export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const { data: brand } = useBrandQuery();
  useDocumentTitle();
  const brandTitle = brand?.title ?? t('common:appName');

  return (
    <div className="home" data-testid="home-page">
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__eyebrow">{t('home:eyebrow')}</p>
        <h1 id="home-title">
          {session ? t('home:greeting', { name: session.user.name }) : t('home:welcome', { brand: brandTitle })}
        </h1>
        <p className="home__lead">{t('home:lead')}</p>
        <div className="home__actions">
          {session ? (
            <ButtonLink to={paths.profile} variant="primary" icon="user" data-testid="home-profile">
              {t('home:toProfile')}
            </ButtonLink>
          ) : (
            <>
              <Button icon="login" onClick={openLoginDialog} data-testid="home-sign-in">
                {t('common:signIn')}
              </Button>
              <ButtonLink to={paths.register} data-testid="home-register">{t('home:register')}</ButtonLink>
            </>
          )}
        </div>
      </section>
      <FeatureList />
      <SupportInfo />
    </div>
  );
}
