import { describe, expect, it } from 'vitest';
import { defaultRateLimits, limitsPerInstance } from './rate-limit';

describe('limitsPerInstance', () => {
  it('keeps the limits of a single instance', () => {
    expect(limitsPerInstance(defaultRateLimits, 1)).toEqual(defaultRateLimits);
  });

  it('gives each of several instances a share, never more than the limit in all', () => {
    const limits = limitsPerInstance(defaultRateLimits, 3);
    expect(limits).toEqual({
      globalPerMinute: 200,
      authPerMinute: 6,
      wrongPasswordsPerHour: 33,
      writePerMinute: 6,
      analyticsPerMinute: 20,
      analyticsTabEventsPerMinute: 6,
      analyticsAddressEventsPerMinute: 33,
    });
    for (const [name, limit] of Object.entries(limits)) {
      expect(limit * 3).toBeLessThanOrEqual(defaultRateLimits[name as keyof typeof limits]);
    }
  });

  it('leaves each instance one request when the limit is below their number', () => {
    expect(limitsPerInstance({ ...defaultRateLimits, authPerMinute: 2 }, 4).authPerMinute).toBe(1);
  });
});
