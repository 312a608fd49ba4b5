import type { Language } from '@evcharge/domain/constants';

// What the phone confirmation sends, in the user's language (all eight of SPEC §1).
type Texts = {
  /** The SMS with the code. */
  sms: (title: string, code: string) => string;
  /** The outbox record of a call: which number called, and what to do with it. */
  call: (from: string) => string;
  /** The SMS the QR code prepares on the phone, to our inbound number (short: a dense QR scans badly). */
  qr: (title: string, code: string) => string;
};

const texts: Record<Language, Texts> = {
  ru: {
    sms: (title, code) => `${title}: код подтверждения телефона ${code}. Никому его не сообщайте.`,
    call: (from) =>
      `Входящий звонок с номера ${from}. Отвечать не нужно: введите в приложении последние 4 цифры этого номера.`,
    qr: (title, code) => `Код ${title}: ${code}`,
  },
  en: {
    sms: (title, code) =>
      `${title}: your phone confirmation code is ${code}. Do not share it with anyone.`,
    call: (from) =>
      `Incoming call from ${from}. No need to answer: enter the last 4 digits of this number in the app.`,
    qr: (title, code) => `${title} code: ${code}`,
  },
  kz: {
    sms: (title, code) => `${title}: телефонды растау коды ${code}. Оны ешкімге айтпаңыз.`,
    call: (from) =>
      `${from} нөмірінен кіріс қоңырау. Жауап берудің қажеті жоқ: қолданбаға осы нөмірдің соңғы 4 цифрын енгізіңіз.`,
    qr: (title, code) => `${title} коды: ${code}`,
  },
  es: {
    sms: (title, code) =>
      `${title}: tu código de confirmación del teléfono es ${code}. No lo compartas con nadie.`,
    call: (from) =>
      `Llamada entrante de ${from}. No hace falta contestar: introduce en la app los 4 últimos dígitos de este número.`,
    qr: (title, code) => `Código de ${title}: ${code}`,
  },
  az: {
    sms: (title, code) => `${title}: telefonun təsdiq kodu ${code}. Onu heç kimə deməyin.`,
    call: (from) =>
      `${from} nömrəsindən gələn zəng. Cavab verməyə ehtiyac yoxdur: tətbiqdə bu nömrənin son 4 rəqəmini daxil edin.`,
    qr: (title, code) => `${title} kodu: ${code}`,
  },
  ky: {
    sms: (title, code) => `${title}: телефонду ырастоо коду ${code}. Аны эч кимге айтпаңыз.`,
    call: (from) =>
      `${from} номеринен кирүүчү чалуу. Жооп берүүнүн кереги жок: тиркемеге бул номердин акыркы 4 цифрасын киргизиңиз.`,
    qr: (title, code) => `${title} коду: ${code}`,
  },
  tg: {
    sms: (title, code) => `${title}: рамзи тасдиқи телефон ${code}. Онро ба ҳеҷ кас нагӯед.`,
    call: (from) =>
      `Занги воридотӣ аз рақами ${from}. Ҷавоб додан шарт нест: дар барнома 4 рақами охири ин рақамро ворид кунед.`,
    qr: (title, code) => `Рамзи ${title}: ${code}`,
  },
  uz: {
    sms: (title, code) => `${title}: telefonni tasdiqlash kodi ${code}. Uni hech kimga aytmang.`,
    call: (from) =>
      `${from} raqamidan kiruvchi qoʻngʻiroq. Javob berish shart emas: ilovaga ushbu raqamning oxirgi 4 raqamini kiriting.`,
    qr: (title, code) => `${title} kodi: ${code}`,
  },
};

export function phoneTexts(lang: Language): Texts {
  return texts[lang];
}

/** The 4-digit groups of an SMS text (a code stands alone, not inside a longer number). */
export function codesInText(text: string, length: number): string[] {
  const pattern = new RegExp(`(?<!\\d)\\d{${length}}(?!\\d)`, 'g');
  return [...new Set(text.match(pattern) ?? [])];
}
