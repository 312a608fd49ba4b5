import { describe, expect, it } from 'vitest';
import { confirmEmailMail, resetPasswordMail } from './templates';

describe('mail templates', () => {
  it('writes Russian for ru and English for other languages', () => {
    const ru = confirmEmailMail(
      {
        to: 'a@b.c',
        name: 'Иван',
        lang: 'ru',
        link: 'https://x/confirm_page?token=t',
        code: '654321',
      },
      'evcharge',
    );
    expect(ru.subject).toContain('подтвердите');
    expect(ru.text).toContain('https://x/confirm_page?token=t');
    expect(ru.text).toContain('код: 654321');
    const kz = resetPasswordMail(
      {
        to: 'a@b.c',
        lang: 'kz',
        link: 'https://x/resetPage?token=t',
        code: '012345',
        validMinutes: 60,
      },
      'evcharge',
    );
    expect(kz.subject).toBe('evcharge: set a new password');
    expect(kz.text).toContain('012345');
    expect(kz.text).toContain('60 minutes');
  });
});
