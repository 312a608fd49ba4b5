import { useTranslation } from 'react-i18next';
import { displayPhone } from '../utils/display-phone';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** Done: the phone is the account's, confirmed; back to the profile. */
export function PhoneConfirmed({ phone }: { phone: string }) {
  const { t } = useTranslation('profile');
  return (
    <section className="phone__panel phone-done" role="status" data-testid="phone-confirmed">
      <span className="phone-done__icon">
        <Icon name="checkCircle" size={32} />
      </span>
      <h2>{t('profile:phone.done.title')}</h2>
      <p>{t('profile:phone.done.text', { phone: displayPhone(phone) })}</p>
      <div className="phone-done__actions">
        <ButtonLink
          to={paths.profile}
          variant="primary"
          icon="user"
          block
          data-testid="phone-to-profile"
        >
          {t('profile:phone.done.toProfile')}
        </ButtonLink>
        <ButtonLink to={paths.home} icon="map" block>
          {t('profile:phone.done.toMap')}
        </ButtonLink>
      </div>
    </section>
  );
}
