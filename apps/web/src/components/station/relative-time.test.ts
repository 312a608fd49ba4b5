import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2024-05-01T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it.each([
    [30, 'en', '30 seconds ago'],
    [5 * 60, 'en', '5 minutes ago'],
    [3 * 3600, 'en', '3 hours ago'],
    [26 * 3600, 'en', 'yesterday'],
    [5 * 60, 'ru', '5 минут назад'],
  ])('%i s ago in %s', (seconds, language, text) => {
    expect(relativeTime(ago(seconds), now, language)).toBe(text);
  });
});
