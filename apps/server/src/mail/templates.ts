import type { Language } from '@evcharge/domain/constants';
import type { MailMessage } from './mailer';

// Mail texts in ru and en; the other languages get English until they are translated
// (SPEC §1: fallback en).
type Texts = {
  confirmSubject: (title: string) => string;
  confirmBody: (name: string, link: string, code: string) => string;
  resetSubject: (title: string) => string;
  resetBody: (link: string, code: string, minutes: number) => string;
};

const en: Texts = {
  confirmSubject: (title) => `${title}: confirm your e-mail address`,
  confirmBody: (name, link, code) =>
    `Hello, ${name}!\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nor enter this code in the app: ${code}\n\nIf you did not register, ignore this message.`,
  resetSubject: (title) => `${title}: set a new password`,
  resetBody: (link, code, minutes) =>
    `To set a new password open this link:\n${link}\n\nor enter this code in the app: ${code}\n\nThe link and the code work once, for ${minutes} minutes. If you did not ask for this, ignore this message: your password stays the same.`,
};

const ru: Texts = {
  confirmSubject: (title) => `${title}: подтвердите адрес электронной почты`,
  confirmBody: (name, link, code) =>
    `Здравствуйте, ${name}!\n\nПодтвердите адрес электронной почты, открыв ссылку:\n${link}\n\nили введите в приложении код: ${code}\n\nЕсли вы не регистрировались, просто проигнорируйте это письмо.`,
  resetSubject: (title) => `${title}: новый пароль`,
  resetBody: (link, code, minutes) =>
    `Чтобы задать новый пароль, откройте ссылку:\n${link}\n\nили введите в приложении код: ${code}\n\nСсылка и код действуют один раз в течение ${minutes} минут. Если вы не запрашивали смену пароля, проигнорируйте это письмо — пароль останется прежним.`,
};

function textsFor(lang: Language): Texts {
  return lang === 'ru' ? ru : en;
}

export function confirmEmailMail(
  input: { to: string; name: string; lang: Language; link: string; code: string },
  brandTitle: string,
): MailMessage {
  const t = textsFor(input.lang);
  return {
    to: input.to,
    subject: t.confirmSubject(brandTitle),
    text: t.confirmBody(input.name, input.link, input.code),
  };
}

export function resetPasswordMail(
  input: { to: string; lang: Language; link: string; code: string; validMinutes: number },
  brandTitle: string,
): MailMessage {
  const t = textsFor(input.lang);
  return {
    to: input.to,
    subject: t.resetSubject(brandTitle),
    text: t.resetBody(input.link, input.code, input.validMinutes),
  };
}
