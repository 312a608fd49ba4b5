import type { Message, MessageSession } from '@evcharge/api/messages/messages';
import {
  SPEC_SUPPORT_SCHEDULE,
  SUPPORT_ANSWER_MINUTES,
  supportHours,
  type SupportSchedule,
} from '@evcharge/domain/support';
import type { Db } from '../../db/client';
import { chargeRowsByIds, toCharge } from '../sessions';
import * as repo from './repo';
import type { FileInfo, MessageRow } from './repo';

// Messages as the chat and the support console see them (SPEC §3 Message): text, files, the
// session the message is about, and when the other side read it.

export const filePath = (id: string) => `/api/messages/file/${id}`;

/** SPEC §1: the support hours of the driver's brand at `now`, as the chat shows them. */
export function supportHoursView(
  now: Date,
  schedule: SupportSchedule = SPEC_SUPPORT_SCHEDULE,
  answerMinutes = SUPPORT_ANSWER_MINUTES,
) {
  const hours = supportHours(now, schedule);
  return {
    open: hours.open,
    opensAt: hours.opensAt.toISOString(),
    closesAt: hours.closesAt.toISOString(),
    answerMinutes,
    fromHour: schedule.fromHour,
    toHour: schedule.toHour,
    utcOffsetHours: Math.round(schedule.utcOffsetMinutes / 60),
  };
}

function toFile(file: FileInfo): Message['files'][number] {
  return {
    id: file.id,
    name: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    url: filePath(file.id),
    width: file.width,
    height: file.height,
  };
}

/** The sessions the messages carry, as the chat shows them (the sessions module's view). */
async function sessionViews(
  db: Db,
  sessionIds: readonly string[],
  now: Date,
): Promise<Map<string, MessageSession>> {
  const rows = await chargeRowsByIds(db, [...new Set(sessionIds)]);
  const views = await Promise.all(
    rows.map(async (row) => {
      const charge = await toCharge(db, row, now);
      const session: MessageSession = {
        transactionId: charge.transactionId,
        status: charge.status,
        stationName: charge.station.name,
        stationCode: charge.station.code,
        connectorNumber: charge.connector.number,
        energyWh: charge.energyWh,
        costMinor: charge.costMinor,
        currency: charge.currency,
        stopReason: charge.stopReason,
        startedAt: charge.startedAt,
        stoppedAt: charge.stoppedAt,
      };
      return [row.session.id, session] as const;
    }),
  );
  return new Map(views);
}

export function toMessage(
  row: MessageRow,
  files: readonly FileInfo[],
  session: MessageSession | null,
): Message {
  return {
    id: row.id,
    seq: row.seq,
    author: row.author,
    kind: row.kind,
    staffName: row.author === 'support' ? row.staffName : null,
    text: row.text,
    files: files.map(toFile),
    session,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The rows as messages, with their files and sessions (two queries for the whole page). */
export async function toMessages(db: Db, rows: readonly MessageRow[], now: Date) {
  const sessionIds = rows.flatMap((row) => (row.sessionId ? [row.sessionId] : []));
  const [files, sessions] = await Promise.all([
    repo.filesOf(
      db,
      rows.map((row) => row.id),
    ),
    sessionViews(db, sessionIds, now),
  ]);
  const byMessage = new Map<string, FileInfo[]>();
  for (const file of files)
    byMessage.set(file.messageId, [...(byMessage.get(file.messageId) ?? []), file]);
  return rows.map((row) =>
    toMessage(
      row,
      byMessage.get(row.id) ?? [],
      row.sessionId ? (sessions.get(row.sessionId) ?? null) : null,
    ),
  );
}
