import { describe, expect, it } from 'vitest';
import { newRequestId, redactUrl } from './logger';

describe('redactUrl', () => {
  it.each([
    ['/confirm_page?token=abc', '/confirm_page?token=%5Bredacted%5D'],
    ['/resetPage?token=abc&lang=en', '/resetPage?token=%5Bredacted%5D&lang=en'],
    ['/x?Code=123456', '/x?Code=%5Bredacted%5D'],
    ['/api/language', '/api/language'],
    ['/map?zoom=3', '/map?zoom=3'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('newRequestId', () => {
  it('is a random UUID, different every time', () => {
    const ids = Array.from({ length: 1000 }, newRequestId);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
