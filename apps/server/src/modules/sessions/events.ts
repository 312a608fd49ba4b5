import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { chargeEventKinds } from '@evcharge/api/sessions/charge-schemas';
import type { Db } from '../../db/client';
import { chargeRowsByIds } from './charge-row-repo';
import { toCharge } from './charge-view';
import type { ChargeEventBus } from './event-bus';
import { eventRowsAfter, insertChargeEvent } from './event-repo';

// What happened to a driver's sessions, in order (charge_events): the long poll answers the
// events after the client's cursor, each with the session as it stands now.

export type ChargeEventKind = (typeof chargeEventKinds)[number];
export type EventSample = {
  at: string;
  energyWh: number;
  powerW: number | null;
  socPercent: number | null;
};

export type EventDeps = { db: Db; chargeEvents: ChargeEventBus };

/** Records an event of a session and wakes the driver's long polls. */
export async function recordChargeEvent(
  deps: EventDeps,
  session: { id: string; userId: string; transactionId: number },
  kind: ChargeEventKind,
  extra: { sample?: EventSample; reason?: string } = {},
): Promise<void> {
  await insertChargeEventIn(deps.db, session, kind, extra);
  deps.chargeEvents.notify(session.userId);
}

/**
 * Records an event inside the caller's transaction, with the change it tells of: a crash
 * between the two cannot leave the driver's screen without it. The caller wakes the long
 * polls once the transaction committed (`deps.chargeEvents.notify`).
 */
export async function insertChargeEventIn(
  tx: Db,
  session: { id: string; userId: string; transactionId: number },
  kind: ChargeEventKind,
  extra: { sample?: EventSample; reason?: string } = {},
): Promise<void> {
  await insertChargeEvent(tx, {
    userId: session.userId,
    sessionId: session.id,
    kind,
    payload: { transactionId: session.transactionId, ...extra },
  });
}

const PAGE = 200;

/** Events of a user after `cursor`, for one transaction (or all with 0). */
export async function eventsAfter(
  db: Db,
  userId: string,
  cursor: number,
  transactionId: number,
): Promise<{ cursor: number; events: ChargeEvent[] }> {
  const rows = await eventRowsAfter(db, userId, cursor, transactionId, PAGE);
  if (rows.length === 0) return { cursor, events: [] };
  const sessionIds = [...new Set(rows.flatMap((row) => (row.sessionId ? [row.sessionId] : [])))];
  const now = new Date();
  const charges = new Map(
    await Promise.all(
      (await chargeRowsByIds(db, sessionIds)).map(
        async (row) => [row.session.id, await toCharge(db, row, now)] as const,
      ),
    ),
  );
  const events: ChargeEvent[] = [];
  for (const row of rows) {
    const charge = row.sessionId ? charges.get(row.sessionId) : undefined;
    if (!charge || !(chargeEventKinds as readonly string[]).includes(row.kind)) continue;
    const sample = row.payload.sample as EventSample | undefined;
    events.push({
      id: row.id,
      kind: row.kind as ChargeEventKind,
      transactionId: charge.transactionId,
      at: row.createdAt.toISOString(),
      sample: sample ?? null,
      reason: typeof row.payload.reason === 'string' ? row.payload.reason : null,
      charge,
    });
  }
  return { cursor: rows.at(-1)?.id ?? cursor, events };
}
