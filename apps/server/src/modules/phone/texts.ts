import type { Language } from '@evcharge/domain/constants';
import { fill, localeTexts } from '../../locales/texts';

// What the phone confirmation sends, in the user's language (all eight of SPEC §1), from the
// `phone` locale files.
type Texts = {
  /** The SMS with the code. */
  sms: (title: string, code: string) => string;
  /** The outbox record of a call: which number called, and what to do with it. */
  call: (from: string) => string;
  /** The SMS the QR code prepares on the phone, to our inbound number (short: a dense QR scans badly). */
  qr: (title: string, code: string) => string;
};

export function phoneTexts(lang: Language): Texts {
  const texts = localeTexts(lang, 'phone');
  return {
    sms: (title, code) => fill(texts.sms, { title, code }),
    call: (from) => fill(texts.call, { from }),
    qr: (title, code) => fill(texts.qr, { title, code }),
  };
}

/** The 4-digit groups of an SMS text (a code stands alone, not inside a longer number). */
export function codesInText(text: string, length: number): string[] {
  const pattern = new RegExp(`(?<!\\d)\\d{${length}}(?!\\d)`, 'g');
  return [...new Set(text.match(pattern) ?? [])];
}
