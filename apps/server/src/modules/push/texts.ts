import type { Language } from '@evcharge/domain/constants';
import { localeOf } from '@evcharge/domain/constants';
import { isCurrency } from '@evcharge/domain/currency';
import { formatMoney } from '@evcharge/domain/money';
import type { UserEventType } from '@evcharge/domain/user-events';

// The push notification's title and text in the driver's language (the app shows the same
// events from its own `events` namespace). `{name}` is replaced from the event's data.

type Text = { title: string; body: string };
type Key = UserEventType | 'parkingStartedNow' | 'fundsRunOut';
type LanguageTexts = { kWh: string; station: string; texts: Record<Key, Text> };

const table: Record<Language, LanguageTexts> = {
  ru: {
    kWh: 'кВт·ч',
    station: 'Станция',
    texts: {
      sessionEnded: { title: 'Зарядка завершена', body: '{station}: {energy}, стоимость {cost}.' },
      limitReached: {
        title: 'Лимит достигнут',
        body: '{station}: выбранный лимит достигнут, зарядка останавливается.',
      },
      parkingStarted: {
        title: 'Зарядка окончена — отключите автомобиль',
        body: '{station}: парковка бесплатна {minutes} мин, затем {fee} в минуту.',
      },
      parkingStartedNow: {
        title: 'Зарядка окончена — отключите автомобиль',
        body: '{station}: парковка платная — {fee} в минуту.',
      },
      fundsRunOut: {
        title: 'Средства заканчиваются',
        body: '{station}: баланс или блокировка на карте почти исчерпаны, зарядка останавливается.',
      },
      ghostStopped: {
        title: 'Сессия остановлена',
        body: '{station}: энергия долго не поступала, поэтому мы остановили сессию.',
      },
      favouriteFree: {
        title: 'Избранная станция свободна',
        body: '{station}: освободился разъём.',
      },
    },
  },
  en: {
    kWh: 'kWh',
    station: 'Station',
    texts: {
      sessionEnded: { title: 'Charging finished', body: '{station}: {energy}, cost {cost}.' },
      limitReached: {
        title: 'Limit reached',
        body: '{station}: the limit you chose is reached, charging is stopping.',
      },
      parkingStarted: {
        title: 'Charging is over: unplug the car',
        body: '{station}: parking is free for {minutes} min, then {fee} a minute.',
      },
      parkingStartedNow: {
        title: 'Charging is over: unplug the car',
        body: '{station}: parking is charged now, {fee} a minute.',
      },
      fundsRunOut: {
        title: 'Funds running out',
        body: '{station}: the balance or the card\'s hold is almost used up, charging is stopping.',
      },
      ghostStopped: {
        title: 'Session stopped',
        body: '{station}: no energy flowed for a long time, so we stopped the session.',
      },
      favouriteFree: {
        title: 'A favourite station is free',
        body: '{station}: a connector is free now.',
      },
    },
  },
  kz: {
    kWh: 'кВт·сағ',
    station: 'Станция',
    texts: {
      sessionEnded: { title: 'Зарядтау аяқталды', body: '{station}: {energy}, құны {cost}.' },
      limitReached: {
        title: 'Шекке жетті',
        body: '{station}: таңдалған шекке жетті, зарядтау тоқтатылуда.',
      },
      parkingStarted: {
        title: 'Зарядтау аяқталды — көлікті ажыратыңыз',
        body: '{station}: тұрақ {minutes} мин тегін, содан кейін минутына {fee}.',
      },
      parkingStartedNow: {
        title: 'Зарядтау аяқталды — көлікті ажыратыңыз',
        body: '{station}: тұрақ ақылы — минутына {fee}.',
      },
      fundsRunOut: {
        title: 'Қаражат таусылып барады',
        body: '{station}: баланс немесе картадағы бұғаттау таусылуға жақын, зарядтау тоқтатылуда.',
      },
      ghostStopped: {
        title: 'Сессия тоқтатылды',
        body: '{station}: энергия ұзақ уақыт берілмеді, сондықтан сессияны тоқтаттық.',
      },
      favouriteFree: { title: 'Таңдаулы станция бос', body: '{station}: коннектор босады.' },
    },
  },
  es: {
    kWh: 'kWh',
    station: 'Estación',
    texts: {
      sessionEnded: { title: 'Carga finalizada', body: '{station}: {energy}, coste {cost}.' },
      limitReached: {
        title: 'Límite alcanzado',
        body: '{station}: se alcanzó el límite elegido, la carga se detiene.',
      },
      parkingStarted: {
        title: 'La carga ha terminado: desconecta el coche',
        body: '{station}: el aparcamiento es gratis {minutes} min, después {fee} por minuto.',
      },
      parkingStartedNow: {
        title: 'La carga ha terminado: desconecta el coche',
        body: '{station}: el aparcamiento ya se cobra, {fee} por minuto.',
      },
      fundsRunOut: {
        title: 'Saldo agotándose',
        body: '{station}: el saldo o la retención de la tarjeta casi se ha agotado, la carga se está deteniendo.',
      },
      ghostStopped: {
        title: 'Sesión detenida',
        body: '{station}: no pasó energía durante mucho tiempo, así que detuvimos la sesión.',
      },
      favouriteFree: {
        title: 'Una estación favorita está libre',
        body: '{station}: hay un conector libre.',
      },
    },
  },
  az: {
    kWh: 'kVt·saat',
    station: 'Stansiya',
    texts: {
      sessionEnded: { title: 'Şarj başa çatdı', body: '{station}: {energy}, dəyəri {cost}.' },
      limitReached: {
        title: 'Limitə çatıldı',
        body: '{station}: seçdiyiniz limitə çatıldı, şarj dayandırılır.',
      },
      parkingStarted: {
        title: 'Şarj bitdi — avtomobili ayırın',
        body: '{station}: dayanacaq {minutes} dəq pulsuzdur, sonra dəqiqəsi {fee}.',
      },
      parkingStartedNow: {
        title: 'Şarj bitdi — avtomobili ayırın',
        body: '{station}: dayanacaq artıq ödənişlidir, dəqiqəsi {fee}.',
      },
      fundsRunOut: {
        title: 'Vəsait tükənir',
        body: '{station}: balans və ya kartdakı bloklama demək olar ki, bitib, enerji doldurma dayandırılır.',
      },
      ghostStopped: {
        title: 'Sessiya dayandırıldı',
        body: '{station}: uzun müddət enerji verilmədi, buna görə sessiyanı dayandırdıq.',
      },
      favouriteFree: {
        title: 'Seçilmiş stansiya boşdur',
        body: '{station}: bir konnektor boşaldı.',
      },
    },
  },
  ky: {
    kWh: 'кВт·саат',
    station: 'Станция',
    texts: {
      sessionEnded: { title: 'Кубаттоо аяктады', body: '{station}: {energy}, баасы {cost}.' },
      limitReached: {
        title: 'Чекке жетти',
        body: '{station}: тандалган чекке жетти, кубаттоо токтотулууда.',
      },
      parkingStarted: {
        title: 'Кубаттоо бүттү — унааны ажыратыңыз',
        body: '{station}: токтоочу жай {minutes} мүн акысыз, андан кийин мүнөтүнө {fee}.',
      },
      parkingStartedNow: {
        title: 'Кубаттоо бүттү — унааны ажыратыңыз',
        body: '{station}: токтоочу жай акы төлөнүүчү — мүнөтүнө {fee}.',
      },
      fundsRunOut: {
        title: 'Каражат түгөнүп баратат',
        body: '{station}: баланс же картадагы бөгөттөө түгөнүүгө жакын, кубаттоо токтотулууда.',
      },
      ghostStopped: {
        title: 'Сессия токтотулду',
        body: '{station}: энергия узак убакыт берилген жок, ошондуктан сессияны токтоттук.',
      },
      favouriteFree: { title: 'Тандалган станция бош', body: '{station}: коннектор бошоду.' },
    },
  },
  tg: {
    kWh: 'кВт·соат',
    station: 'Истгоҳ',
    texts: {
      sessionEnded: { title: 'Барқгирӣ анҷом ёфт', body: '{station}: {energy}, арзиш {cost}.' },
      limitReached: {
        title: 'Ба ҳад расид',
        body: '{station}: ҳадди интихобшуда ба даст омад, барқгирӣ қатъ мешавад.',
      },
      parkingStarted: {
        title: 'Барқгирӣ тамом шуд — мошинро ҷудо кунед',
        body: '{station}: таваққуфгоҳ {minutes} дақ ройгон, баъд дар як дақиқа {fee}.',
      },
      parkingStartedNow: {
        title: 'Барқгирӣ тамом шуд — мошинро ҷудо кунед',
        body: '{station}: таваққуфгоҳ акнун пулакӣ аст, дар як дақиқа {fee}.',
      },
      fundsRunOut: {
        title: 'Маблағ тамом шуда истодааст',
        body: '{station}: баланс ё маблағи бастаи корт қариб тамом шуд, барқгирӣ қатъ мешавад.',
      },
      ghostStopped: {
        title: 'Сессия қатъ карда шуд',
        body: '{station}: муддати дароз энергия нарасид, бинобар ин сессияро қатъ кардем.',
      },
      favouriteFree: {
        title: 'Истгоҳи дӯстдошта озод аст',
        body: '{station}: як пайвасткунак озод шуд.',
      },
    },
  },
  uz: {
    kWh: 'kVt·soat',
    station: 'Stansiya',
    texts: {
      sessionEnded: { title: 'Quvvatlash yakunlandi', body: '{station}: {energy}, narxi {cost}.' },
      limitReached: {
        title: 'Limitga yetildi',
        body: '{station}: siz tanlagan limitga yetildi, quvvatlash toʻxtatilmoqda.',
      },
      parkingStarted: {
        title: 'Quvvatlash tugadi — avtomobilni uzing',
        body: '{station}: toʻxtash joyi {minutes} daq bepul, soʻng daqiqasiga {fee}.',
      },
      parkingStartedNow: {
        title: 'Quvvatlash tugadi — avtomobilni uzing',
        body: '{station}: toʻxtash joyi endi pullik, daqiqasiga {fee}.',
      },
      fundsRunOut: {
        title: 'Mablagʻ tugamoqda',
        body: '{station}: balans yoki kartadagi bloklangan summa deyarli tugadi, quvvatlash toʻxtatilmoqda.',
      },
      ghostStopped: {
        title: 'Seans toʻxtatildi',
        body: '{station}: uzoq vaqt energiya berilmadi, shuning uchun seansni toʻxtatdik.',
      },
      favouriteFree: { title: 'Sevimli stansiya boʻsh', body: '{station}: ulagich boʻshadi.' },
    },
  },
};

export type PushEventData = Record<string, string | number | boolean | null>;

/** The push texts of every language, for the completeness test. */
export const pushTextTable = table;

function money(data: PushEventData, field: string, language: Language): string {
  const amountMinor = data[field];
  const currency = data.currency;
  if (typeof amountMinor !== 'number' || !isCurrency(currency)) return '';
  return formatMoney({ amountMinor, currency }, language);
}

function energy(data: PushEventData, language: Language): string {
  const wh = typeof data.energyWh === 'number' ? data.energyWh : 0;
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  return `${number.format(wh / 1000)} ${table[language].kWh}`;
}

/** The notification of an event, in the driver's language. */
export function pushText(language: Language, type: UserEventType, data: PushEventData): Text {
  const words = table[language];
  const freeMinutes = typeof data.freeMinutes === 'number' ? data.freeMinutes : 0;
  const key: Key =
    type === 'parkingStarted' && freeMinutes <= 0
      ? 'parkingStartedNow'
      : type === 'limitReached' && data.reason === 'funds'
        ? 'fundsRunOut'
        : type;
  const values: Record<string, string> = {
    station: typeof data.stationName === 'string' ? data.stationName : words.station,
    energy: energy(data, language),
    cost: money(data, 'costMinor', language),
    fee: money(data, 'parkingPerMinuteMinor', language),
    minutes: String(freeMinutes),
  };
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const text = words.texts[key];
  return { title: fill(text.title), body: fill(text.body) };
}
