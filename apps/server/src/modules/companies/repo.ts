import { and, asc, eq } from 'drizzle-orm';
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
