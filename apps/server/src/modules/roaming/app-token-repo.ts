import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

/** What a driver's app token says of them: blocked, deleted, their language. */
export async function driverTokenFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      isBlocked: users.isBlocked,
      deletedAt: users.deletedAt,
      lang: users.lang,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
