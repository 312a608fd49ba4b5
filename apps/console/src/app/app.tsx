import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStaffSelf } from '@evcharge/api/admin/support';
import { ApiError, apiRequest } from '../lib/api';
import { errorText } from '../lib/format';
import { navigate, usePath } from '../lib/router';
import { useSession } from '../lib/session';
import { SupportSection } from '../features/support/support-section';
import { ModerationSection } from '../features/moderation/moderation-section';
import { AnalyticsSection } from '../features/analytics/analytics-section';
import { MetersSection } from '../features/meters/meters-section';
import { SignIn } from './sign-in';
import { sectionsOf, signOut, type Staff } from './staff';
import { TopBar } from './top-bar';

/** The staff console: sign in, then the sections the staff member's role opens (SPEC §6). */
export function App() {
  const session = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const onNoAccess = useCallback(() => setNotice('signIn.noAccess'), []);
  const onSignedIn = useCallback(() => setNotice(null), []);
  if (!session) return <SignIn notice={notice} onSignedIn={onSignedIn} />;
  return <StaffGate key={session.accessToken} onNoAccess={onNoAccess} />;
}

type GateState = { status: 'loading' } | { status: 'ready'; staff: Staff } | { status: 'error'; error: unknown };

function StaffGate({ onNoAccess }: { onNoAccess: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest(getStaffSelf, { signal: controller.signal }).then(
      (staff) => setState({ status: 'ready', staff }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Not staff: the route does not exist for this account (404).
        if (error instanceof ApiError && error.status === 404) {
          onNoAccess();
          void signOut();
          return;
        }
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt, onNoAccess]);

  if (state.status === 'loading') {
    return (
      <div className="page-center" aria-busy="true">
        <span className="spinner" aria-label={t('common.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="page-center">
        <div className="card narrow stack">
          <p className="alert" role="alert" data-testid="console-error">{errorText(t, state.error)}</p>
          <div className="row">
            <button type="button" className="button primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </button>
            <button type="button" className="button" onClick={() => void signOut()}>
              {t('topBar.signOut')}
            </button>
          </div>
        </div>
      </div>
    );
  }
  return <Shell staff={state.staff} />;
}

function Shell({ staff }: { staff: Staff }) {
  const path = usePath();
  const sections = sectionsOf(staff);
  const [, first, second] = path.split('/');
  const asked = sections.find((section) => section === first);
  const section = asked ?? sections[0];

  useEffect(() => {
    if (!asked && section) navigate(`/${section}`, { replace: true });
  }, [asked, section]);

  return (
    <div className="app">
      <TopBar staff={staff} sections={sections} current={section ?? null} />
      <main className="main">
        {section === 'support' && <SupportSection selectedUserId={second ? decodeURIComponent(second) : null} />}
        {section === 'moderation' && <ModerationSection />}
        {section === 'analytics' && <AnalyticsSection />}
        {section === 'meters' && <MetersSection />}
      </main>
    </div>
  );
}
