import { describe, expect, it } from 'vitest';
import { ANALYTICS_PATH_MAX, canReadAnalytics, normaliseRoutePath } from './analytics';
import { staffRoles } from './reviews';

describe('normaliseRoutePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/profile', '/profile'],
    ['/profile/', '/profile'],
    ['//profile//set', '/profile/set'],
    ['/detailStation?id=3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', '/detailStation'],
    ['/chat#bottom', '/chat'],
    ['/receipts/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', '/receipts/:id'],
    ['/c/MOW00042-1', '/c/:id'],
    ['/c/:code', '/c/:code'],
    ['/history/42', '/history/:id'],
    ['/persone/anna@example.com', '/persone/:id'],
    ['/my_rfid', '/my_rfid'],
    ['/a/b/c/d/e/f/g', '/a/b/c/d/e'],
    ['/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82', '/:id'],
    ['/<script>', '/:id'],
  ])('%s is %s', (path, pattern) => {
    expect(normaliseRoutePath(path)).toBe(pattern);
  });

  it('never gets longer than the limit', () => {
    expect(normaliseRoutePath(`/${'abcdefghij'.repeat(3)}`.repeat(5)).length).toBeLessThanOrEqual(
      ANALYTICS_PATH_MAX,
    );
  });
});

describe('canReadAnalytics', () => {
  it.each(staffRoles.map((role) => [role, role === 'analyst' || role === 'admin'] as const))(
    '%s: %s',
    (role, allowed) => {
      expect(canReadAnalytics(role)).toBe(allowed);
    },
  );
  it('a driver may not', () => {
    expect(canReadAnalytics(null)).toBe(false);
  });
});
