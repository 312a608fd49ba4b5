import type { RfidTag } from '@evcharge/api/rfid/rfid';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { updateUserTag, userTag, userTags } from './repo';
import { toTag } from './view';

// SPEC §2 my_rfid: the driver's tags, renamed, blocked and unblocked, deleted. A deleted tag
// starts nothing (Invalid at the station) and its number may be bound again; a blocked one is
// refused (Blocked) until unblocked. `changed` (with the tag's id) brings the charge points'
// local lists and the roaming partners in step.

export async function listTags(db: Db, userId: string): Promise<{ items: RfidTag[] }> {
  return { items: (await userTags(db, userId)).map(toTag) };
}

export async function updateTag(
  db: Db,
  changed: (rfidTagId: string) => void,
  userId: string,
  change: { id: string; name?: string; isBlocked?: boolean },
): Promise<RfidTag> {
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.isBlocked !== undefined ? { isBlocked: change.isBlocked } : {}),
  };
  // Nothing to change: the tag as it is.
  const row =
    Object.keys(set).length === 0
      ? await userTag(db, userId, change.id)
      : await updateUserTag(db, userId, change.id, set);
  if (!row) throw new AppError('NOT_FOUND');
  if (change.isBlocked !== undefined) changed(row.id);
  return toTag(row);
}

export async function deleteTag(
  db: Db,
  changed: (rfidTagId: string) => void,
  userId: string,
  id: string,
  now: Date,
): Promise<void> {
  const row = await updateUserTag(db, userId, id, { isActive: false, deletedAt: now });
  if (!row) throw new AppError('NOT_FOUND');
  changed(row.id);
}
