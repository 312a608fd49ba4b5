import { describe, expect, it } from 'vitest';
import { countries } from '@evcharge/domain/constants';
import { normalisePhone } from '@evcharge/domain/phone';
import { callerNumber, demoInboundNumber } from './caller-number';

describe('callerNumber', () => {
  it.each([...countries])('is a valid %s number ending in the code', (country) => {
    for (const code of ['0000', '4821', '9999']) {
      const number = callerNumber(country, code);
      expect(normalisePhone(number, [country])).toBe(number);
      expect(number.endsWith(code)).toBe(true);
    }
  });

  it.each([...countries])('gives %s a valid demo inbound number', (country) => {
    const number = demoInboundNumber(country);
    expect(normalisePhone(number, [country])).toBe(number);
  });
});
