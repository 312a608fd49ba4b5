import type { Language } from '@evcharge/domain/constants';
import type { MailMessage } from './mailer';

// Mail texts in every interface language (SPEC §1). textsFor picks the user's language from
// a Record<Language, Texts>, so the compiler demands texts for each new language.
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

const kz: Texts = {
  confirmSubject: (title) => `${title}: электрондық пошта мекенжайын растаңыз`,
  confirmBody: (name, link, code) =>
    `Сәлеметсіз бе, ${name}!\n\nЭлектрондық пошта мекенжайыңызды растау үшін мына сілтемені ашыңыз:\n${link}\n\nнемесе қолданбада мына кодты енгізіңіз: ${code}\n\nЕгер сіз тіркелмеген болсаңыз, бұл хатты елемеңіз.`,
  resetSubject: (title) => `${title}: жаңа құпиясөз орнату`,
  resetBody: (link, code, minutes) =>
    `Жаңа құпиясөз орнату үшін мына сілтемені ашыңыз:\n${link}\n\nнемесе қолданбада мына кодты енгізіңіз: ${code}\n\nСілтеме мен код бір рет қана, ${minutes} минут ішінде жарамды. Егер құпиясөзді өзгертуді сұрамаған болсаңыз, бұл хатты елемеңіз — құпиясөзіңіз өзгермейді.`,
};

const es: Texts = {
  confirmSubject: (title) => `${title}: confirma tu dirección de correo electrónico`,
  confirmBody: (name, link, code) =>
    `¡Hola, ${name}!\n\nConfirma tu dirección de correo electrónico abriendo este enlace:\n${link}\n\no introduce este código en la aplicación: ${code}\n\nSi no te has registrado, ignora este mensaje.`,
  resetSubject: (title) => `${title}: crea una contraseña nueva`,
  resetBody: (link, code, minutes) =>
    `Para crear una contraseña nueva, abre este enlace:\n${link}\n\no introduce este código en la aplicación: ${code}\n\nEl enlace y el código solo se pueden usar una vez, durante ${minutes} minutos. Si no lo has solicitado, ignora este mensaje: tu contraseña seguirá siendo la misma.`,
};

const az: Texts = {
  confirmSubject: (title) => `${title}: e-poçt ünvanınızı təsdiqləyin`,
  confirmBody: (name, link, code) =>
    `Salam, ${name}!\n\nE-poçt ünvanınızı təsdiqləmək üçün bu keçidi açın:\n${link}\n\nvə ya tətbiqdə bu kodu daxil edin: ${code}\n\nƏgər qeydiyyatdan keçməmisinizsə, bu məktubu nəzərə almayın.`,
  resetSubject: (title) => `${title}: yeni parol təyin edin`,
  resetBody: (link, code, minutes) =>
    `Yeni parol təyin etmək üçün bu keçidi açın:\n${link}\n\nvə ya tətbiqdə bu kodu daxil edin: ${code}\n\nKeçid və kod yalnız bir dəfə, ${minutes} dəqiqə ərzində etibarlıdır. Əgər parolun dəyişdirilməsini istəməmisinizsə, bu məktubu nəzərə almayın — parolunuz əvvəlki kimi qalacaq.`,
};

const ky: Texts = {
  confirmSubject: (title) => `${title}: электрондук почтаңыздын дарегин ырастаңыз`,
  confirmBody: (name, link, code) =>
    `Саламатсызбы, ${name}!\n\nЭлектрондук почтаңыздын дарегин ырастоо үчүн бул шилтемени ачыңыз:\n${link}\n\nже тиркемеде бул кодду жазыңыз: ${code}\n\nЭгер сиз катталган эмес болсоңуз, бул катка көңүл бурбаңыз.`,
  resetSubject: (title) => `${title}: жаңы сырсөз коюу`,
  resetBody: (link, code, minutes) =>
    `Жаңы сырсөз коюу үчүн бул шилтемени ачыңыз:\n${link}\n\nже тиркемеде бул кодду жазыңыз: ${code}\n\nШилтеме жана код бир гана жолу, ${minutes} мүнөттүн ичинде жарактуу. Эгер сырсөздү алмаштырууну сураган эмес болсоңуз, бул катка көңүл бурбаңыз — сырсөзүңүз мурункудай калат.`,
};

const tg: Texts = {
  confirmSubject: (title) => `${title}: суроғаи почтаи электрониро тасдиқ кунед`,
  confirmBody: (name, link, code) =>
    `Салом, ${name}!\n\nБарои тасдиқи суроғаи почтаи электронии худ ин пайвандро кушоед:\n${link}\n\nё ин рамзро дар барнома ворид кунед: ${code}\n\nАгар шумо сабти ном накарда бошед, ин мактубро нодида гиред.`,
  resetSubject: (title) => `${title}: гузоштани пароли нав`,
  resetBody: (link, code, minutes) =>
    `Барои гузоштани пароли нав ин пайвандро кушоед:\n${link}\n\nё ин рамзро дар барнома ворид кунед: ${code}\n\nПайванд ва рамз танҳо як маротиба ва дар давоми ${minutes} дақиқа эътибор доранд. Агар шумо иваз кардани паролро дархост накарда бошед, ин мактубро нодида гиред — пароли шумо бетағйир мемонад.`,
};

const uz: Texts = {
  confirmSubject: (title) => `${title}: e-pochta manzilingizni tasdiqlang`,
  confirmBody: (name, link, code) =>
    `Assalomu alaykum, ${name}!\n\nE-pochta manzilingizni tasdiqlash uchun ushbu havolani oching:\n${link}\n\nyoki ilovada ushbu kodni kiriting: ${code}\n\nAgar siz roʻyxatdan oʻtmagan boʻlsangiz, bu xatga eʼtibor bermang.`,
  resetSubject: (title) => `${title}: yangi parol oʻrnating`,
  resetBody: (link, code, minutes) =>
    `Yangi parol oʻrnatish uchun ushbu havolani oching:\n${link}\n\nyoki ilovada ushbu kodni kiriting: ${code}\n\nHavola va kod faqat bir marta, ${minutes} daqiqa davomida amal qiladi. Agar parolni oʻzgartirishni soʻramagan boʻlsangiz, bu xatga eʼtibor bermang — parolingiz oʻzgarmaydi.`,
};

const texts: Record<Language, Texts> = { ru, en, kz, es, az, ky, tg, uz };

function textsFor(lang: Language): Texts {
  return texts[lang];
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
