import { useTranslation } from 'react-i18next';
import type { Brand } from '@/lib/brand';
import { useBrandQuery } from '@/lib/brand';
import { Card } from '@/components/ui/card';
import { Icon, type IconName } from '@/components/ui/icon';
import { formatUtcOffset, formatWallTime } from '@/lib/format';
import './support-info.css';

type Contact = Brand['support']['contacts'][number];

const contactIcon: Record<Contact['type'], IconName> = {
  Email: 'mail',
  Telegram: 'send',
  SupportPhoneNumber: 'phone',
};

function contactHref(contact: Contact): string {
  if (contact.type === 'Email') return `mailto:${contact.value}`;
  if (contact.type === 'SupportPhoneNumber') return `tel:${contact.value.replace(/[^\d+]/g, '')}`;
  return /^https?:\/\//.test(contact.value) ? contact.value : `https://t.me/${contact.value.replace(/^@/, '')}`;
}

/** The brand's support contacts, working hours and response time (SPEC §1). */
export function SupportInfo() {
  const { t, i18n } = useTranslation();
  const { data: brand } = useBrandQuery();
  if (!brand) return null;
  const { hours, contacts, responseMinutes } = brand.support;
  return (
    <Card title={t('common:support.title')} testId="support-info">
      <p className="support__hours">
        <Icon name="clock" size={20} />
        <span>
          {t('common:support.hours', {
            from: formatWallTime(hours.from, i18n.language),
            to: formatWallTime(hours.to, i18n.language),
            offset: formatUtcOffset(hours.utcOffsetMinutes),
          })}
          <br />
          <span className="muted">{t('common:support.response', { minutes: responseMinutes })}</span>
        </span>
      </p>
      <ul className="support__contacts">
        {contacts.map((contact) => (
          <li key={`${contact.type}:${contact.value}`}>
            <a className="support__contact" href={contactHref(contact)} rel="noopener">
              <Icon name={contactIcon[contact.type]} size={20} />
              <span>
                <span className="support__type">{t(`common:support.${contact.type}`)}</span>
                <span className="support__value">{contact.value}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
