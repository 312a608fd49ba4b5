import { useTranslation } from 'react-i18next';
import { isLanguage } from '@evcharge/domain/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { toBcp47 } from '@/lib/i18n';
import { useFormat } from '@/lib/format';
import { useLegalQuery, type LegalDocument as LegalDocumentName } from '../api/get-legal';
import './legal.css';

/** A brand's legal text in the reader's language (the server falls back to English). */
export function LegalDocument({ document }: { document: LegalDocumentName }) {
  const { t, i18n } = useTranslation('legal');
  const format = useFormat();
  const lang = isLanguage(i18n.language) ? i18n.language : 'ru';
  const legalQuery = useLegalQuery(document, lang);
  const fallbackTitle = t(`legal:${document}`);
  useDocumentTitle(legalQuery.data?.title ?? fallbackTitle);

  if (legalQuery.isPending) return <Spinner label={t('common:loading')} />;
  if (legalQuery.isError) {
    return (
      <div className="legal stack">
        <h1>{fallbackTitle}</h1>
        <Alert tone="error"><p>{errorText(t, legalQuery.error)}</p></Alert>
        <Button variant="secondary" icon="refresh" onClick={() => void legalQuery.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  const doc = legalQuery.data;
  return (
    <article className="legal" lang={toBcp47(doc.lang)} data-testid={`legal-${document}`}>
      <header className="legal__header">
        <h1>{doc.title}</h1>
        <p className="muted small">
          {t('legal:updated', { date: format.date(doc.updatedAt) })} · {t('legal:version', { version: doc.version })}
        </p>
        {doc.lang !== lang && <p className="muted small" lang={toBcp47(lang)}>{t('legal:fallbackNotice')}</p>}
      </header>
      {doc.sections.map((section, index) => (
        <section key={index} className="legal__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph, i) => <p key={i}>{paragraph}</p>)}
        </section>
      ))}
    </article>
  );
}
