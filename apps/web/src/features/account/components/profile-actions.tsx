import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedbackChatPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { useLoyaltyAvailableQuery } from '@/lib/loyalty-query';
import { useLogOutMutation } from '../api/log-out';

const links: readonly { to: string; icon: IconName; titleKey: string; hintKey: string; testId: string }[] = [
  { to: paths.charging, icon: 'bolt', titleKey: 'common:nav.charging', hintKey: 'profile:chargingHint', testId: 'profile-charging-link' },
  { to: paths.history, icon: 'history', titleKey: 'common:nav.history', hintKey: 'profile:historyHint', testId: 'profile-history-link' },
  { to: paths.reserve, icon: 'calendar', titleKey: 'profile:reservations', hintKey: 'profile:reservationsHint', testId: 'profile-reservations-link' },
  { to: paths.dashboard, icon: 'chart', titleKey: 'common:nav.dashboard', hintKey: 'profile:dashboardHint', testId: 'profile-dashboard-link' },
  { to: paths.cars, icon: 'car', titleKey: 'profile:cars', hintKey: 'profile:carsHint', testId: 'profile-cars-link' },
  { to: paths.myRfid, icon: 'card', titleKey: 'profile:rfidTags', hintKey: 'profile:rfidTagsHint', testId: 'profile-rfid-link' },
  { to: paths.shop, icon: 'plug', titleKey: 'profile:shop', hintKey: 'profile:shopHint', testId: 'profile-shop-link' },
  { to: paths.myCharges, icon: 'bolt', titleKey: 'profile:myCharges', hintKey: 'profile:myChargesHint', testId: 'profile-my-charges-link' },
  { to: paths.favourites, icon: 'heart', titleKey: 'profile:favourites', hintKey: 'profile:favouritesHint', testId: 'profile-favourites-link' },
  { to: paths.cards, icon: 'card', titleKey: 'profile:cards', hintKey: 'profile:cardsHint', testId: 'profile-cards-link' },
  { to: paths.loyaltyCards, icon: 'star', titleKey: 'profile:loyaltyCards', hintKey: 'profile:loyaltyCardsHint', testId: 'profile-loyalty-link' },
  { to: paths.receipts, icon: 'document', titleKey: 'profile:receipts', hintKey: 'profile:receiptsHint', testId: 'profile-receipts-link' },
  { to: paths.profileSettings, icon: 'user', titleKey: 'profile:profileSettings', hintKey: 'profile:profileSettingsHint', testId: 'profile-settings-page-link' },
  { to: paths.multiaccount, icon: 'wallet', titleKey: 'common:profiles.linkTitle', hintKey: 'common:profiles.linkHint', testId: 'profile-multiaccount-link' },
  { to: paths.appSettings, icon: 'settings', titleKey: 'profile:appSettings', hintKey: 'profile:appSettingsHint', testId: 'profile-settings-link' },
  { to: paths.guides, icon: 'book', titleKey: 'common:nav.guides', hintKey: 'profile:guidesHint', testId: 'profile-guides-link' },
  { to: paths.chat, icon: 'support', titleKey: 'profile:supportChat', hintKey: 'profile:supportChatHint', testId: 'profile-chat-link' },
  { to: feedbackChatPath, icon: 'send', titleKey: 'profile:feedback', hintKey: 'profile:feedbackHint', testId: 'feedback-link' },
  { to: paths.help, icon: 'help', titleKey: 'common:nav.help', hintKey: 'profile:helpHint', testId: 'profile-help-link' },
  { to: paths.about, icon: 'info', titleKey: 'common:nav.about', hintKey: 'profile:aboutHint', testId: 'profile-about-link' },
];

export function ProfileActions() {
  const { t } = useTranslation('profile');
  const logOut = useLogOutMutation();
  // Loyalty cards only where the deployment has a programme (GET /loyalty/check/available, SPEC §7).
  const hasLoyalty = useLoyaltyAvailableQuery().data === true;
  const shown = hasLoyalty ? links : links.filter((link) => link.to !== paths.loyaltyCards);
  return (
    <nav className="profile__actions" aria-label={t('profile:actions')}>
      {shown.map((link) => (
        <Link key={link.to} to={link.to} className="profile__link" data-testid={link.testId}>
          <Icon name={link.icon} />
          <span>
            <span className="profile__link-title">{t(link.titleKey)}</span>
            <span className="muted small">{t(link.hintKey)}</span>
          </span>
          <Icon name="chevronRight" className="profile__chevron" />
        </Link>
      ))}
      <Button
        variant="danger"
        icon="logout"
        block
        isLoading={logOut.isPending}
        data-testid="profile-sign-out"
        onClick={() => logOut.mutate()}
      >
        {t('profile:signOut')}
      </Button>
    </nav>
  );
}
