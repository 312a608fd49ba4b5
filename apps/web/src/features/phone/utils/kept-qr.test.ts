import { describe, expect, it } from 'vitest';
import { forgetQr, keepQr, keptQr } from './kept-qr';

const qr = { to: '+79000000100', text: 'evcharge code: 4821', uri: 'sms:+79000000100?body=x' };

describe('the kept QR code of a pending phone confirmation', () => {
  it('is given back for its own verification only, and forgotten', () => {
    keepQr('v1', qr);
    expect(keptQr('v1')).toEqual(qr);
    expect(keptQr('v2')).toBeUndefined();
    forgetQr();
    expect(keptQr('v1')).toBeUndefined();
  });

  it('is cleared by a code sent another way', () => {
    keepQr('v1', qr);
    keepQr('v2', undefined);
    expect(keptQr('v1')).toBeUndefined();
  });

  it.each([
    ['unreadable JSON', '{oops'],
    [
      'another kind of link',
      JSON.stringify({ verificationId: 'v1', qr: { ...qr, uri: 'javascript:alert(1)' } }),
    ],
    ['missing fields', JSON.stringify({ verificationId: 'v1', qr: { uri: qr.uri } })],
  ])('is nothing when the stored value is %s', (_name, raw) => {
    sessionStorage.setItem('phoneQr', raw);
    expect(keptQr('v1')).toBeUndefined();
  });
});
