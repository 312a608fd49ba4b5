import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/outbox';

const OUTBOX_PAGE_SIZE = 200;

/** The newest stored messages first, optionally to one recipient. */
export async function listOutbox(db: Db, to?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(to === undefined ? undefined : eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE);
}
