import type { Language } from '@evcharge/domain/constants';
import { fill, localeTexts } from '../locales/texts';
import type { MailMessage } from './mailer';

// Mail texts in every interface language (SPEC §1), from the `mail` locale files.

export function confirmEmailMail(
  input: { to: string; name: string; lang: Language; link: string; code: string },
  brandTitle: string,
): MailMessage {
  const t = localeTexts(input.lang, 'mail').confirm;
  const values = { title: brandTitle, name: input.name, link: input.link, code: input.code };
  return { to: input.to, subject: fill(t.subject, values), text: fill(t.body, values) };
}

export function resetPasswordMail(
  input: { to: string; lang: Language; link: string; code: string; validMinutes: number },
  brandTitle: string,
): MailMessage {
  const t = localeTexts(input.lang, 'mail').reset;
  const values = { title: brandTitle, link: input.link, code: input.code, minutes: input.validMinutes };
  return { to: input.to, subject: fill(t.subject, values), text: fill(t.body, values) };
}
