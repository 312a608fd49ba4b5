import type { Company } from '@evcharge/api/companies/companies';
import type { ChangeMultiaccountBody } from '@evcharge/api/companies/change-multiaccount';
import type { User } from '@evcharge/api/common';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { walletBalanceMinor } from '../ledger';
import { userView } from '../users';
import { memberships, setProfile, type Membership } from './repo';

// SPEC §6: a driver belongs to companies and switches between the personal profile and a
// corporate one, which charges on the company's balance. Only members see a company; to
// anyone else it does not exist (404), so its id reveals nothing.

async function toCompany(db: Db, user: UserRow, { company, role }: Membership): Promise<Company> {
  const payer = { kind: 'company_wallet' as const, companyId: company.id };
  return {
    id: company.id,
    name: company.name,
    role,
    currency: company.currency,
    balanceMinor: await walletBalanceMinor(db, payer, company.currency),
    notificationType: company.notificationType,
    notificationContact: company.notificationContact,
    isActive: user.accountType === 'CORPORATE' && user.activeCompanyId === company.id,
  };
}

export async function listCompanies(db: Db, user: UserRow): Promise<Company[]> {
  const rows = await memberships(db, user.id);
  return Promise.all(rows.map((row) => toCompany(db, user, row)));
}

export async function companyOf(db: Db, user: UserRow, companyId: string): Promise<Company> {
  const [row] = await memberships(db, user.id, companyId);
  if (!row) throw new AppError('NOT_FOUND');
  return toCompany(db, user, row);
}

/**
 * Switches the profile new starts charge on. An open session keeps the payer it started with
 * (charging_sessions.payer_company_id, fixed at the start), so switching never moves its cost.
 */
export async function changeProfile(
  db: Db,
  user: UserRow,
  body: ChangeMultiaccountBody,
): Promise<User> {
  const companyId = body.accountType === 'CORPORATE' ? (body.companyId ?? null) : null;
  if (companyId) {
    const [member] = await memberships(db, user.id, companyId);
    if (!member) throw new AppError('NOT_FOUND');
  }
  const updated = await setProfile(db, user.id, {
    accountType: body.accountType,
    activeCompanyId: companyId,
  });
  if (!updated) throw new AppError('UNAUTHORIZED');
  return userView(db, updated);
}
