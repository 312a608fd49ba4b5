import { describe, expect, it } from 'vitest';
import { languages, type Language } from '@evcharge/domain/constants';
import { confirmEmailMail, resetPasswordMail } from './templates';

const confirmLink = 'https://x/confirm_page?token=t';
const resetLink = 'https://x/resetPage?token=t';

function confirmIn(lang: Language) {
  return confirmEmailMail(
    { to: 'a@b.c', name: 'Aigerim', lang, link: confirmLink, code: '654321' },
    'evcharge',
  );
}

function resetIn(lang: Language) {
  return resetPasswordMail(
    { to: 'a@b.c', lang, link: resetLink, code: '012345', validMinutes: 60 },
    'evcharge',
  );
}

describe('mail templates', () => {
  it('writes Russian for ru and English for en', () => {
    const ru = confirmEmailMail(
      { to: 'a@b.c', name: 'Иван', lang: 'ru', link: confirmLink, code: '654321' },
      'evcharge',
    );
    expect(ru.to).toBe('a@b.c');
    expect(ru.subject).toContain('подтвердите');
    expect(ru.text).toContain('Здравствуйте, Иван!');
    expect(ru.text).toContain(confirmLink);
    expect(ru.text).toContain('код: 654321');

    const en = resetIn('en');
    expect(en.subject).toBe('evcharge: set a new password');
    expect(en.text).toContain('012345');
    expect(en.text).toContain('60 minutes');
  });

  it.each(languages)('%s: the confirm mail has the brand, name, link and code', (lang) => {
    const mail = confirmIn(lang);
    expect(mail.to).toBe('a@b.c');
    expect(mail.subject.startsWith('evcharge: ')).toBe(true);
    expect(mail.text).toContain('Aigerim');
    expect(mail.text).toContain(`\n${confirmLink}\n`);
    expect(mail.text).toContain('654321');
    expect(mail.text).not.toContain('undefined');
  });

  it.each(languages)('%s: the reset mail has the brand, link, code and minutes', (lang) => {
    const mail = resetIn(lang);
    expect(mail.to).toBe('a@b.c');
    expect(mail.subject.startsWith('evcharge: ')).toBe(true);
    expect(mail.text).toContain(`\n${resetLink}\n`);
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('60');
    expect(mail.text).not.toContain('undefined');
  });

  it.each(languages.filter((lang) => lang !== 'en'))(
    '%s has its own texts, not the English ones',
    (lang) => {
      expect(confirmIn(lang).subject).not.toBe(confirmIn('en').subject);
      expect(confirmIn(lang).text).not.toBe(confirmIn('en').text);
      expect(resetIn(lang).subject).not.toBe(resetIn('en').subject);
      expect(resetIn(lang).text).not.toBe(resetIn('en').text);
    },
  );

  it('gives every language different texts', () => {
    const subjects = new Set(languages.map((lang) => confirmIn(lang).subject));
    const bodies = new Set(languages.map((lang) => resetIn(lang).text));
    expect(subjects.size).toBe(languages.length);
    expect(bodies.size).toBe(languages.length);
  });

  it.each<[Language, string, string, string]>([
    ['kz', 'растаңыз', 'құпиясөз', '60 минут'],
    ['es', 'confirma', 'contraseña', '60 minutos'],
    ['az', 'təsdiqləyin', 'parol', '60 dəqiqə'],
    ['ky', 'ырастаңыз', 'сырсөз', '60 мүнөт'],
    ['tg', 'тасдиқ', 'пароли нав', '60 дақиқа'],
    ['uz', 'tasdiqlang', 'parol', '60 daqiqa'],
  ])('%s is written in that language', (lang, confirmWord, resetWord, minutes) => {
    expect(confirmIn(lang).subject).toContain(confirmWord);
    expect(resetIn(lang).subject).toContain(resetWord);
    expect(resetIn(lang).text).toContain(minutes);
  });
});
