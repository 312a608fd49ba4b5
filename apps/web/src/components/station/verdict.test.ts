import { describe, expect, it } from 'vitest';
import { verdictOfReviews } from './verdict';

describe('verdictOfReviews', () => {
  it('says nothing when no recent review said whether charging worked', () => {
    expect(verdictOfReviews({ lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 })).toBeNull();
  });

  it('counts the reviews that say it worked among those that said', () => {
    expect(verdictOfReviews({ lastChargedAt: null, recentWorked: 4, recentNotWorked: 1 })).toEqual({ worked: 4, count: 5, isMostlyBad: false });
  });

  it('warns when most of them say it did not work, not on a tie', () => {
    expect(verdictOfReviews({ lastChargedAt: null, recentWorked: 1, recentNotWorked: 3 })?.isMostlyBad).toBe(true);
    expect(verdictOfReviews({ lastChargedAt: null, recentWorked: 2, recentNotWorked: 2 })?.isMostlyBad).toBe(false);
  });
});
