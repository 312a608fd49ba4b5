import { eq } from 'drizzle-orm';
import type { Language } from '@evcharge/domain/constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

export async function setUserLanguage(db: Db, userId: string, lang: Language): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, userId));
}
