import type { Member } from '@evcharge/api/companies/members';
import { AppError } from '@evcharge/domain/errors';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyMembers, users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

/** The companies the user owns (only an owner manages who charges on a company balance). */
async function ownedCompanyIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.role, 'owner')));
  return rows.map((row) => row.id);
}

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
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      companyId: companies.id,
      companyName: companies.name,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(inArray(companyMembers.companyId, owned), isNull(users.deletedAt)))
    .orderBy(asc(companies.name), asc(users.name), asc(users.email));
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

async function liveUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row;
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
  await db
    .insert(companyMembers)
    .values({ companyId: input.companyId, userId: found.id, role: 'member' })
    .onConflictDoNothing();
  const [row] = await db
    .select({ role: companyMembers.role, name: companies.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.companyId, input.companyId), eq(companyMembers.userId, found.id)));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    id: found.id,
    name: found.name,
    surname: found.surname,
    email: found.email,
    company: { id: input.companyId, name: row.name },
    role: row.role,
  };
}
