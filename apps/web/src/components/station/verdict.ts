// "Verified working" (SPEC §3 Review/feedback): what our own sessions and the latest reviews
// that said whether charging worked tell a driver about a station.

export type Verdict = { lastChargedAt: string | null; recentWorked: number; recentNotWorked: number };

export type VerdictReviews = { worked: number; count: number; isMostlyBad: boolean };

/** The reviews' part of the verdict; null when no recent review said either way. */
export function verdictOfReviews(verdict: Verdict): VerdictReviews | null {
  const count = verdict.recentWorked + verdict.recentNotWorked;
  if (count === 0) return null;
  return { worked: verdict.recentWorked, count, isMostlyBad: verdict.recentNotWorked > verdict.recentWorked };
}
