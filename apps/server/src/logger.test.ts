import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

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
