import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['Password1', 'qwerty123', 'Abc123', 'iloveyou1', 'PASSW0RD'])(
    'refuses %s',
    async (pw) => {
      expect(await isCommonPassword(pw)).toBe(true);
    },
  );

  it.each(['Kettle42Moon', 'Brand9New', 'Secret123'])('takes %s', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(false);
  });
});
