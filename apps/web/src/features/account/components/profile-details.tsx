import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@evcharge/api/common';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { languageNames, toBcp47 } from '@/lib/i18n';

export function ProfileDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('profile:details.title')} testId="profile-details">
      <dl className="profile__list">
        <div>
          <dt>{t('profile:details.phone')}</dt>
          <dd data-testid="profile-phone">
            {user.phone ? <span dir="ltr">{user.phone}</span> : <span className="muted">{t('profile:details.noPhone')}</span>}
            {user.phone && (user.isPhoneConfirmed
              ? <Badge tone="success">{t('profile:confirmed')}</Badge>
              : <Badge tone="warning">{t('profile:notConfirmed')}</Badge>)}
            {!user.isPhoneConfirmed && (
              <Link to={paths.confirmPhone} data-testid="profile-confirm-phone">
                {user.phone ? t('profile:details.confirmPhone') : t('profile:details.addPhone')}
              </Link>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile:details.accountType')}</dt>
          <dd>{t(`profile:accountType.${user.accountType}`)}</dd>
        </div>
        <div>
          <dt>{t('profile:details.language')}</dt>
          <dd lang={toBcp47(user.Lang)} data-testid="profile-language">{languageNames[user.Lang]}</dd>
        </div>
      </dl>
    </Card>
  );
}
