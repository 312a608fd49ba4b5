import type { Language } from '@evcharge/domain/constants';
import ruBankPage from './ru/bank-page.json' with { type: 'json' };
import ruMail from './ru/mail.json' with { type: 'json' };
import ruPhone from './ru/phone.json' with { type: 'json' };
import ruPush from './ru/push.json' with { type: 'json' };
import ruReceipt from './ru/receipt.json' with { type: 'json' };
import enBankPage from './en/bank-page.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enPhone from './en/phone.json' with { type: 'json' };
import enPush from './en/push.json' with { type: 'json' };
import enReceipt from './en/receipt.json' with { type: 'json' };
import kzBankPage from './kz/bank-page.json' with { type: 'json' };
import kzMail from './kz/mail.json' with { type: 'json' };
import kzPhone from './kz/phone.json' with { type: 'json' };
import kzPush from './kz/push.json' with { type: 'json' };
import kzReceipt from './kz/receipt.json' with { type: 'json' };
import esBankPage from './es/bank-page.json' with { type: 'json' };
import esMail from './es/mail.json' with { type: 'json' };
import esPhone from './es/phone.json' with { type: 'json' };
import esPush from './es/push.json' with { type: 'json' };
import esReceipt from './es/receipt.json' with { type: 'json' };
import azBankPage from './az/bank-page.json' with { type: 'json' };
import azMail from './az/mail.json' with { type: 'json' };
import azPhone from './az/phone.json' with { type: 'json' };
import azPush from './az/push.json' with { type: 'json' };
import azReceipt from './az/receipt.json' with { type: 'json' };
import kyBankPage from './ky/bank-page.json' with { type: 'json' };
import kyMail from './ky/mail.json' with { type: 'json' };
import kyPhone from './ky/phone.json' with { type: 'json' };
import kyPush from './ky/push.json' with { type: 'json' };
import kyReceipt from './ky/receipt.json' with { type: 'json' };
import tgBankPage from './tg/bank-page.json' with { type: 'json' };
import tgMail from './tg/mail.json' with { type: 'json' };
import tgPhone from './tg/phone.json' with { type: 'json' };
import tgPush from './tg/push.json' with { type: 'json' };
import tgReceipt from './tg/receipt.json' with { type: 'json' };
import uzBankPage from './uz/bank-page.json' with { type: 'json' };
import uzMail from './uz/mail.json' with { type: 'json' };
import uzPhone from './uz/phone.json' with { type: 'json' };
import uzPush from './uz/push.json' with { type: 'json' };
import uzReceipt from './uz/receipt.json' with { type: 'json' };

// The server's texts for people (SPEC §1: all eight languages), one JSON file per language and
// concern, as the web app keeps its own: the push notifications (push), the sandbox bank's card
// page (bank-page), the receipt PDF (receipt), the mails (mail) and the phone confirmation's
// SMS and call (phone). `{{name}}` marks a value filled in by `fill`. The receipt is written out
// in Russian, English and Spanish; the other languages' receipt files put Russian and English
// side by side (their narrow columns and units in Russian only). locales.test.ts checks that
// every language has every key, translated, with the placeholders of English.

const english = {
  'bank-page': enBankPage,
  mail: enMail,
  phone: enPhone,
  push: enPush,
  receipt: enReceipt,
};

export type LocaleTexts = typeof english;
export type Namespace = keyof LocaleTexts;

// A language missing a namespace, or a file missing one of English's keys, does not compile.
const catalogs: Record<Language, LocaleTexts> = {
  ru: { 'bank-page': ruBankPage, mail: ruMail, phone: ruPhone, push: ruPush, receipt: ruReceipt },
  en: english,
  kz: { 'bank-page': kzBankPage, mail: kzMail, phone: kzPhone, push: kzPush, receipt: kzReceipt },
  es: { 'bank-page': esBankPage, mail: esMail, phone: esPhone, push: esPush, receipt: esReceipt },
  az: { 'bank-page': azBankPage, mail: azMail, phone: azPhone, push: azPush, receipt: azReceipt },
  ky: { 'bank-page': kyBankPage, mail: kyMail, phone: kyPhone, push: kyPush, receipt: kyReceipt },
  tg: { 'bank-page': tgBankPage, mail: tgMail, phone: tgPhone, push: tgPush, receipt: tgReceipt },
  uz: { 'bank-page': uzBankPage, mail: uzMail, phone: uzPhone, push: uzPush, receipt: uzReceipt },
};

/** One namespace's texts in a language. */
export function localeTexts<N extends Namespace>(language: Language, namespace: N): LocaleTexts[N] {
  return catalogs[language][namespace];
}

/** The text with `values` put in for its `{{name}}` placeholders (a name without a value: ''). */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : '',
  );
}
