import { describe, expect, it } from 'vitest';
import { qrCodeFromPath } from './qr';

describe('qrCodeFromPath', () => {
  it.each([
    ['/c/MSK0042-2', 'MSK0042-2'],
    ['/c/MSK0042-2?locale=en', 'MSK0042-2'],
    ['/C/abc-1/', 'abc-1'],
    ['/c/ABC%2D1', 'ABC-1'],
    ['/detailStation?id=1', null],
    ['/c/', null],
    ['/c/a/b', null],
    [null, null],
  ])('%j → %j', (path, code) => {
    expect(qrCodeFromPath(path)).toBe(code);
  });
});
