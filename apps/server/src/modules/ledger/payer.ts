// Who pays for a session: the driver's wallet, or the company's for a corporate profile
// (SPEC §6).

export type Payer =
  { kind: 'user_wallet'; userId: string } | { kind: 'company_wallet'; companyId: string };

export function payerOf(session: { userId: string; payerCompanyId: string | null }): Payer {
  return session.payerCompanyId
    ? { kind: 'company_wallet', companyId: session.payerCompanyId }
    : { kind: 'user_wallet', userId: session.userId };
}

/** Who pays for a start now: the active company of a corporate profile, else the driver. */
export function payerForProfile(
  userId: string,
  profile: { accountType: string; activeCompanyId: string | null } | undefined,
): Payer {
  return profile?.accountType === 'CORPORATE' && profile.activeCompanyId
    ? { kind: 'company_wallet', companyId: profile.activeCompanyId }
    : { kind: 'user_wallet', userId };
}
