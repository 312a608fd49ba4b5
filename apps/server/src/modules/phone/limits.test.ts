import { describe, expect, it } from 'vitest';
import { RESEND_WAIT_SECONDS, sendWaitSeconds, wrongCodeWaitSeconds } from './limits';

describe('sendWaitSeconds', () => {
  it.each([
    { ages: [], cap: 5, wait: 0 },
    { ages: [10], cap: 5, wait: RESEND_WAIT_SECONDS - 10 },
    { ages: [59.2], cap: 5, wait: 1 },
    { ages: [61, 500], cap: 5, wait: 0 },
    // Five in the hour: the oldest of them must leave it.
    { ages: [100, 200, 300, 400, 3000], cap: 5, wait: 600 },
    { ages: [3000, 100, 200, 400, 300], cap: 5, wait: 600 },
    // More than five (another account's codes to the same phone): the fifth newest counts.
    { ages: [100, 200, 300, 400, 1000, 3000], cap: 5, wait: 2600 },
    { ages: [10, 200, 300, 400, 3590], cap: 5, wait: 50 },
  ])('$ages with a cap of $cap: $wait s', ({ ages, cap, wait }) => {
    expect(sendWaitSeconds(ages, cap)).toBe(wait);
  });
});

describe('wrongCodeWaitSeconds', () => {
  it('is 0 under the cap', () => {
    expect(wrongCodeWaitSeconds([{ ageSeconds: 10, failedAttempts: 5 }], 10)).toBe(0);
  });

  it('waits until the oldest codes leave the hour', () => {
    const codes = [
      { ageSeconds: 100, failedAttempts: 5 },
      { ageSeconds: 3000, failedAttempts: 5 },
    ];
    expect(wrongCodeWaitSeconds(codes, 10)).toBe(600);
    expect(
      wrongCodeWaitSeconds(
        [...codes, { ageSeconds: 3500, failedAttempts: 1 }, { ageSeconds: 50, failedAttempts: 1 }],
        10,
      ),
    ).toBe(600);
  });
});
