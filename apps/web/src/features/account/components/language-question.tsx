import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { setLanguageQuestion, type LanguageQuestion } from '@/lib/account-language';
import { errorText } from '@/lib/api-error';
import { languageNames } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import { writeLanguage } from '@/lib/storage';
import { useUpdateLanguageMutation } from '@/lib/update-language';

/**
 * After a sign-in, when the visitor chose a language here that the account does not have: the
 * screen stays in the visitor's language and this notice offers to save it to the account, or to
 * switch to the account's (lib/account-language.ts). Closing it keeps the screen as it is.
 * After a link's `locale` (SPEC §4) it offers to save the link's language, or "Not now": the
 * screen stays as the link asked and the account keeps its language, which the next opening
 * without the link speaks.
 */
export function LanguageQuestionNotice({ question }: { question: LanguageQuestion }) {
  const { t } = useTranslation('profile');
  const save = useUpdateLanguageMutation();
  const visitorName = languageNames[question.visitor];
  const accountName = languageNames[question.account];

  return (
    <section
      className="language-question"
      aria-labelledby="language-question-text"
      data-testid="language-question"
    >
      <p id="language-question-text" role="status">
        {t('profile:languageQuestion.text', { language: visitorName })}{' '}
        <span className="muted small">{t('profile:languageQuestion.hint')}</span>
      </p>
      <div className="language-question__actions">
        <Button
          variant="primary"
          isLoading={save.isPending}
          data-testid="language-question-save"
          onClick={() =>
            save.mutate(question.visitor, { onSuccess: () => setLanguageQuestion(null) })
          }
        >
          {t('profile:languageQuestion.save')}
        </Button>
        {question.via === 'link' ? (
          <Button
            variant="secondary"
            data-testid="language-question-later"
            onClick={() => {
              setLanguageQuestion(null);
              writeLanguage(question.account);
            }}
          >
            {t('profile:languageQuestion.notNow')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            data-testid="language-question-keep"
            onClick={() => {
              setLanguageQuestion(null);
              void setLanguage(question.account);
            }}
          >
            {t('profile:languageQuestion.keep', { language: accountName })}
          </Button>
        )}
        {question.via !== 'link' && (
          <button
            type="button"
            className="language-question__close"
            aria-label={t('common:close')}
            data-testid="language-question-close"
            onClick={() => setLanguageQuestion({ ...question, isOpen: false })}
          >
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
      {save.isError && (
        <p className="language-question__error" role="alert">
          {errorText(t, save.error)}
        </p>
      )}
    </section>
  );
}
