import type { Member } from '@evcharge/api/companies/members';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { insertMember, liveUserByEmail, memberships, membersOf, ownedCompanyIds } from './repo';

export async function listVisibleUsers(db: Db, user: UserRow): Promise<Member[]> {
  const self: Member = {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    company: null,
    role: 'self',
  };
  const owned = await ownedCompanyIds(db, user.id);
  if (owned.length === 0) return [self];
  const rows = await membersOf(db, owned);
  return [
    self,
    ...rows.map((row) => ({
      id: row.id,
      name: row.name,
      surname: row.surname,
      email: row.email,
      company: { id: row.companyId, name: row.companyName },
      role: row.role,
    })),
  ];
}

/** Only company owners look people up, so the lookup cannot be used to probe addresses. */
export async function findUserForOwner(
  db: Db,
  user: UserRow,
  email: string,
): Promise<{ id: string; name: string }> {
  if ((await ownedCompanyIds(db, user.id)).length === 0) throw new AppError('FORBIDDEN');
  const found = await liveUserByEmail(db, email);
  if (!found) throw new AppError('USER_NOT_FOUND');
  return { id: found.id, name: found.name };
}

/** Adds a driver to a company the caller owns; adding a member again changes nothing. */
export async function addCompanyMember(
  db: Db,
  user: UserRow,
  input: { companyId: string; email: string },
): Promise<Member> {
  const owned = await ownedCompanyIds(db, user.id);
  // Not the caller's company, or no such company: the same answer, nothing revealed.
  if (!owned.includes(input.companyId)) throw new AppError('NOT_FOUND');
  const found = await liveUserByEmail(db, input.email);
  if (!found) throw new AppError('USER_NOT_FOUND');
  await insertMember(db, input.companyId, found.id);
  const [row] = await memberships(db, found.id, input.companyId);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    id: found.id,
    name: found.name,
    surname: found.surname,
    email: found.email,
    company: { id: input.companyId, name: row.company.name },
    role: row.role,
  };
}
