import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedbackChatPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { SupportInfo } from '@/components/support-info';
import { useDocumentTitle } from '@/lib/brand';
import './about.css';

const questions = ['wontStart', 'wrongCost', 'stuckCable', 'noStations'] as const;

/** help (SPEC §2 "other screens"): support contacts, hours and response time, quick answers. */
export function HelpPage() {
  const { t } = useTranslation('about');
  useDocumentTitle(t('about:help.title'));
  return (
    <div className="about" data-testid="help-page">
      <header className="stack-s">
        <h1>{t('about:help.title')}</h1>
        <p className="muted">{t('about:help.lead')}</p>
      </header>
      <SupportInfo />
      {/* SPEC §2 chat: the support chat, and feedback about the app into the same inbox. */}
      <div className="about__chat">
        <ButtonLink to={paths.chat} variant="primary" icon="support" data-testid="help-chat-link">{t('about:help.chat')}</ButtonLink>
        <ButtonLink to={feedbackChatPath} variant="secondary" icon="send" data-testid="feedback-link">{t('about:help.feedback')}</ButtonLink>
      </div>
      <section className="stack" aria-labelledby="help-faq-title">
        <h2 id="help-faq-title">{t('about:help.faq')}</h2>
        <div className="faq">
          {questions.map((key) => (
            <details key={key} className="faq__item" data-testid={`help-faq-${key}`}>
              <summary>{t(`about:help.questions.${key}.q`)}</summary>
              <p>{t(`about:help.questions.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
      <p>
        <Link to={paths.guides} className="about__inline-link">{t('about:help.toGuides')}</Link>
      </p>
    </div>
  );
}
