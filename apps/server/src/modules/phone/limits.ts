// Phone confirmation limits (issue: "codes expire and are single-use; attempts are limited per
// phone and per account"). SPEC §9 gives the code's length (4 digits); the rest is ours.

/** An SMS code and a call's last 4 digits work this long. */
export const CODE_VALID_MINUTES = 5;
/** A QR code works longer: the user has to scan it and send the SMS. */
export const QR_VALID_MINUTES = 10;
/** The wait before another code, per account and per phone. */
export const RESEND_WAIT_SECONDS = 60;
/** Codes sent per hour to one phone, whichever accounts ask. */
export const SENDS_PER_HOUR_PER_PHONE = 5;
/** Codes sent per hour for one account, to whichever phones. */
export const SENDS_PER_HOUR_PER_ACCOUNT = 5;
/** Wrong codes one code takes; then it is dead (codeConf answers LINK_INVALID). */
export const MAX_WRONG_CODES = 5;
/** Wrong codes per account and hour, over all its codes (TOO_MANY_REQUESTS after that). */
export const WRONG_CODES_PER_HOUR_PER_ACCOUNT = 10;

export const HOUR_SECONDS = 3600;

/**
 * Seconds until another code may be sent, given the ages (seconds) of the codes sent in the
 * last hour, in any order: the resend wait after the newest, and, with the hourly cap reached,
 * until enough of them are an hour old. 0: now.
 */
export function sendWaitSeconds(agesSeconds: readonly number[], perHour: number): number {
  if (agesSeconds.length === 0) return 0;
  const newestFirst = [...agesSeconds].sort((a, b) => a - b);
  let wait = Math.max(0, RESEND_WAIT_SECONDS - newestFirst[0]!);
  if (newestFirst.length >= perHour) {
    // The perHour-th newest code must leave the hour before one more fits in it.
    wait = Math.max(wait, HOUR_SECONDS - newestFirst[perHour - 1]!);
  }
  return Math.ceil(wait);
}

/**
 * Seconds until the account's wrong codes of the last hour fall under the cap, given each
 * code's age and its wrong tries. 0: under the cap now. A code's tries count for an hour from
 * when it was sent (the rows keep no time per try).
 */
export function wrongCodeWaitSeconds(
  codes: readonly { ageSeconds: number; failedAttempts: number }[],
  cap = WRONG_CODES_PER_HOUR_PER_ACCOUNT,
): number {
  let total = codes.reduce((sum, code) => sum + code.failedAttempts, 0);
  if (total < cap) return 0;
  const oldestFirst = [...codes].sort((a, b) => b.ageSeconds - a.ageSeconds);
  for (const code of oldestFirst) {
    total -= code.failedAttempts;
    if (total < cap) return Math.max(1, Math.ceil(HOUR_SECONDS - code.ageSeconds));
  }
  return HOUR_SECONDS;
}
