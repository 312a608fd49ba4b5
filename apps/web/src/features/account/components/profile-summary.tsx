import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import type { User } from '@evcharge/api/common';
import { Badge } from '@/components/ui/badge';

/** Who is signed in: name, e-mail with its confirmation state, account type. */
export function ProfileSummary({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const fullName = [user.surname, user.name, user.patronymic].filter(Boolean).join(' ');
  const initials = [user.name, user.surname].map((part) => part?.trim().charAt(0) ?? '').join('').toUpperCase();
  return (
    <section className="profile__summary" aria-label={t('profile:summary')}>
      <span className="profile__avatar" aria-hidden="true">{initials}</span>
      <div className="profile__who">
        <p className="profile__name" data-testid="profile-name">{fullName}</p>
        <p className="profile__email">
          <span data-testid="profile-email">{user.email}</span>
          {user.isEmailConfirmed ? (
            <Badge tone="success" testId="email-confirmed">{t('profile:confirmed')}</Badge>
          ) : (
            <>
              <Badge tone="warning" testId="email-unconfirmed">{t('profile:notConfirmed')}</Badge>
              <Link to={paths.confirmPage} data-testid="email-confirm-link">{t('profile:confirmNow')}</Link>
            </>
          )}
        </p>
        <p>
          <Badge tone="neutral" testId="profile-account-type">{t(`profile:accountType.${user.accountType}`)}</Badge>
        </p>
      </div>
    </section>
  );
}
