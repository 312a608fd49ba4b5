import { describe, expect, it } from 'vitest';
import { photoProblem, readAsBase64 } from './review-photos';

describe('photoProblem', () => {
  it('takes JPEG and PNG photos of at most 500 kB', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 500 * 1024 })).toBeNull();
    expect(photoProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
  });

  it('refuses a larger photo and any other type', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 500 * 1024 + 1 })).toBe('IMAGE_TOO_LARGE');
    expect(photoProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('IMAGE_TYPE');
    expect(photoProblem({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('IMAGE_TYPE');
  });

  it('reads the extension when the system gave no type', () => {
    expect(photoProblem({ name: 'A.JPEG', type: '', size: 10 })).toBeNull();
    expect(photoProblem({ name: 'scan', type: '', size: 10 })).toBe('IMAGE_TYPE');
  });
});

describe('readAsBase64', () => {
  it('gives the bytes as base64 without a data: prefix', async () => {
    expect(await readAsBase64(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }))).toBe('/9j/');
  });
});
