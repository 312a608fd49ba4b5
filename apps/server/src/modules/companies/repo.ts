import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyMembers, users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

/** The user's companies with their role, by name; one company when `companyId` is given. */
export async function memberships(db: Db, userId: string, companyId?: string) {
  return db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        eq(companyMembers.userId, userId),
        companyId ? eq(companyMembers.companyId, companyId) : undefined,
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id));
}

export type Membership = Awaited<ReturnType<typeof memberships>>[number];

export async function setProfile(
  db: Db,
  userId: string,
  profile: { accountType: UserRow['accountType']; activeCompanyId: string | null },
): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(profile).where(eq(users.id, userId)).returning();
  return updated;
}

/** The companies the user owns (only an owner manages who charges on a company balance). */
export async function ownedCompanyIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.role, 'owner')));
  return rows.map((row) => row.id);
}

/** The live members of the companies, by company name, then by their own name. */
export async function membersOf(db: Db, companyIds: string[]) {
  return db
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
    .where(and(inArray(companyMembers.companyId, companyIds), isNull(users.deletedAt)))
    .orderBy(asc(companies.name), asc(users.name), asc(users.email));
}

export async function liveUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row;
}

/** Adding a member again changes nothing. */
export async function insertMember(db: Db, companyId: string, userId: string): Promise<void> {
  await db
    .insert(companyMembers)
    .values({ companyId, userId, role: 'member' })
    .onConflictDoNothing();
}
