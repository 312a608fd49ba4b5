import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBrand } from '@evcharge/api/brand/get-brand';
import { apiRequest } from '../lib/api';
import { navigate } from '../lib/router';
import { signOut, type Section, type Staff } from './staff';
import { LanguageSwitch } from './language-switch';
import { BoltIcon } from './icons';

function useBrandTitle(): string {
  const [title, setTitle] = useState('evcharge');
  useEffect(() => {
    const controller = new AbortController();
    apiRequest(getBrand, { signal: controller.signal }).then(
      (brand) => {
        setTitle(brand.title);
        document.title = `${brand.title} · console`;
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return title;
}

export function TopBar({ staff, sections, current }: { staff: Staff; sections: Section[]; current: Section | null }) {
  const { t } = useTranslation();
  const title = useBrandTitle();
  return (
    <header className="top-bar">
      <div className="brand">
        <span className="logo small"><BoltIcon size={18} /></span>
        <span className="brand-title">{title}</span>
        <span className="brand-tag">{t('topBar.console')}</span>
      </div>
      <nav className="sections" aria-label={t('topBar.sections')}>
        {sections.map((section) => (
          <a
            key={section}
            href={`/admin/${section}`}
            className={section === current ? 'tab active' : 'tab'}
            aria-current={section === current ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              navigate(`/${section}`);
            }}
            data-testid={`console-nav-${section}`}
          >
            {t(`sections.${section}`)}
          </a>
        ))}
      </nav>
      <div className="who">
        <div className="who-text">
          <span className="who-name" data-testid="console-staff-name">{staff.name}</span>
          <span className="who-role" data-testid="console-staff-role">{t(`roles.${staff.role}`)}</span>
        </div>
        <LanguageSwitch />
        <button type="button" className="button ghost" onClick={() => void signOut()} data-testid="console-signout">
          {t('topBar.signOut')}
        </button>
      </div>
    </header>
  );
}
