import { eq } from 'drizzle-orm';
import type { Language } from '@evcharge/domain/constants';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

/** The user's row as it is now: the one query that loads an account by its id. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function setUserLanguage(db: Db, userId: string, lang: Language): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, userId));
}

export async function activeCompanyOf(
  db: Db,
  user: Pick<UserRow, 'accountType' | 'activeCompanyId'>,
): Promise<{ id: string; name: string } | null> {
  if (user.accountType !== 'CORPORATE' || !user.activeCompanyId) return null;
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, user.activeCompanyId));
  return company ?? null;
}
