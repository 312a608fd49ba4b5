// The sandbox card page's words, in the app's eight languages (it plays the bank's page, which
// the driver reads in the middle of a payment). `{code}` and `{tries}` are filled in.

export const pageLanguages = ['ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz'] as const;
export type PageLanguage = (typeof pageLanguages)[number];

type Texts = {
  title: string;
  sandboxNote: string;
  bindCard: string;
  pay: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  continue: string;
  badNumber: string;
  badExpiry: string;
  badCvc: string;
  challengeTitle: string;
  challengeHint: string;
  code: string;
  confirm: string;
  wrongCode: string;
  finished: string;
  back: string;
};

export const pageTexts: Record<PageLanguage, Texts> = {
  ru: {
    title: 'Оплата картой',
    sandboxNote: 'Тестовый банк: настоящие деньги не списываются.',
    bindCard: 'Привязка карты',
    pay: 'К оплате',
    cardNumber: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'CVC',
    continue: 'Продолжить',
    badNumber: 'Неверный номер карты',
    badExpiry: 'Неверный срок действия',
    badCvc: 'CVC — три цифры',
    challengeTitle: 'Проверка 3-D Secure',
    challengeHint: 'Банк отправил вам код. В тестовом банке это {code}.',
    code: 'Код',
    confirm: 'Подтвердить',
    wrongCode: 'Неверный код, осталось попыток: {tries}',
    finished: 'Этот платёж уже завершён.',
    back: 'Вернуться в магазин',
  },
  en: {
    title: 'Card payment',
    sandboxNote: 'Sandbox bank: no real money moves.',
    bindCard: 'Card binding',
    pay: 'To pay',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    continue: 'Continue',
    badNumber: 'The card number is not valid',
    badExpiry: 'The expiry date is not valid',
    badCvc: 'CVC is three digits',
    challengeTitle: '3-D Secure check',
    challengeHint: 'Your bank sent you a code. In the sandbox it is {code}.',
    code: 'Code',
    confirm: 'Confirm',
    wrongCode: 'Wrong code, tries left: {tries}',
    finished: 'This payment is already finished.',
    back: 'Back to the shop',
  },
  kz: {
    title: 'Картамен төлеу',
    sandboxNote: 'Тест банкі: нақты ақша шешілмейді.',
    bindCard: 'Картаны байланыстыру',
    pay: 'Төлеуге',
    cardNumber: 'Карта нөмірі',
    expiry: 'Жарамдылық мерзімі (АА/ЖЖ)',
    cvc: 'CVC',
    continue: 'Жалғастыру',
    badNumber: 'Карта нөмірі қате',
    badExpiry: 'Жарамдылық мерзімі қате',
    badCvc: 'CVC — үш сан',
    challengeTitle: '3-D Secure тексеруі',
    challengeHint: 'Банк сізге код жіберді. Тест банкінде ол {code}.',
    code: 'Код',
    confirm: 'Растау',
    wrongCode: 'Код қате, қалған әрекеттер: {tries}',
    finished: 'Бұл төлем аяқталған.',
    back: 'Дүкенге оралу',
  },
  es: {
    title: 'Pago con tarjeta',
    sandboxNote: 'Banco de pruebas: no se mueve dinero real.',
    bindCard: 'Vincular tarjeta',
    pay: 'A pagar',
    cardNumber: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvc: 'CVC',
    continue: 'Continuar',
    badNumber: 'El número de tarjeta no es válido',
    badExpiry: 'La fecha de caducidad no es válida',
    badCvc: 'El CVC son tres dígitos',
    challengeTitle: 'Verificación 3-D Secure',
    challengeHint: 'Su banco le ha enviado un código. En el banco de pruebas es {code}.',
    code: 'Código',
    confirm: 'Confirmar',
    wrongCode: 'Código incorrecto, intentos restantes: {tries}',
    finished: 'Este pago ya ha terminado.',
    back: 'Volver a la tienda',
  },
  az: {
    title: 'Kartla ödəniş',
    sandboxNote: 'Test bankı: real pul silinmir.',
    bindCard: 'Kartın bağlanması',
    pay: 'Ödəniləcək',
    cardNumber: 'Kart nömrəsi',
    expiry: 'Etibarlılıq müddəti (AA/İİ)',
    cvc: 'CVC',
    continue: 'Davam et',
    badNumber: 'Kart nömrəsi yanlışdır',
    badExpiry: 'Etibarlılıq müddəti yanlışdır',
    badCvc: 'CVC üç rəqəmdir',
    challengeTitle: '3-D Secure yoxlaması',
    challengeHint: 'Bank sizə kod göndərdi. Test bankında bu {code}-dir.',
    code: 'Kod',
    confirm: 'Təsdiq et',
    wrongCode: 'Kod yanlışdır, qalan cəhdlər: {tries}',
    finished: 'Bu ödəniş artıq başa çatıb.',
    back: 'Mağazaya qayıt',
  },
  ky: {
    title: 'Карта менен төлөө',
    sandboxNote: 'Тест банкы: чыныгы акча алынбайт.',
    bindCard: 'Картаны байлоо',
    pay: 'Төлөөгө',
    cardNumber: 'Картанын номери',
    expiry: 'Жарактуулук мөөнөтү (АА/ЖЖ)',
    cvc: 'CVC',
    continue: 'Улантуу',
    badNumber: 'Картанын номери туура эмес',
    badExpiry: 'Жарактуулук мөөнөтү туура эмес',
    badCvc: 'CVC — үч сан',
    challengeTitle: '3-D Secure текшерүүсү',
    challengeHint: 'Банк сизге код жөнөттү. Тест банкында ал {code}.',
    code: 'Код',
    confirm: 'Ырастоо',
    wrongCode: 'Код туура эмес, калган аракеттер: {tries}',
    finished: 'Бул төлөм бүткөн.',
    back: 'Дүкөнгө кайтуу',
  },
  tg: {
    title: 'Пардохт бо корт',
    sandboxNote: 'Бонки санҷишӣ: пули воқеӣ гирифта намешавад.',
    bindCard: 'Пайваст кардани корт',
    pay: 'Барои пардохт',
    cardNumber: 'Рақами корт',
    expiry: 'Мӯҳлати эътибор (ММ/СС)',
    cvc: 'CVC',
    continue: 'Идома додан',
    badNumber: 'Рақами корт нодуруст аст',
    badExpiry: 'Мӯҳлати эътибор нодуруст аст',
    badCvc: 'CVC се рақам аст',
    challengeTitle: 'Санҷиши 3-D Secure',
    challengeHint: 'Бонк ба шумо рамз фиристод. Дар бонки санҷишӣ он {code} аст.',
    code: 'Рамз',
    confirm: 'Тасдиқ кардан',
    wrongCode: 'Рамз нодуруст аст, кӯшишҳои боқимонда: {tries}',
    finished: 'Ин пардохт аллакай анҷом ёфтааст.',
    back: 'Бозгашт ба мағоза',
  },
  uz: {
    title: 'Karta orqali to‘lov',
    sandboxNote: 'Test banki: haqiqiy pul yechilmaydi.',
    bindCard: 'Kartani bog‘lash',
    pay: 'To‘lanadi',
    cardNumber: 'Karta raqami',
    expiry: 'Amal qilish muddati (OO/YY)',
    cvc: 'CVC',
    continue: 'Davom etish',
    badNumber: 'Karta raqami noto‘g‘ri',
    badExpiry: 'Amal qilish muddati noto‘g‘ri',
    badCvc: 'CVC uchta raqamdan iborat',
    challengeTitle: '3-D Secure tekshiruvi',
    challengeHint: 'Bank sizga kod yubordi. Test bankida u {code}.',
    code: 'Kod',
    confirm: 'Tasdiqlash',
    wrongCode: 'Kod noto‘g‘ri, qolgan urinishlar: {tries}',
    finished: 'Bu to‘lov allaqachon yakunlangan.',
    back: 'Do‘konga qaytish',
  },
};

export function pageLanguageOf(query: unknown, acceptLanguage: string | undefined): PageLanguage {
  const asked = typeof query === 'string' ? query.slice(0, 2).toLowerCase() : undefined;
  const isPage = (value: string | undefined): value is PageLanguage =>
    (pageLanguages as readonly string[]).includes(value ?? '');
  if (isPage(asked)) return asked;
  const header = acceptLanguage?.slice(0, 2).toLowerCase();
  if (header === 'kk') return 'kz';
  return isPage(header) ? header : 'en';
}
