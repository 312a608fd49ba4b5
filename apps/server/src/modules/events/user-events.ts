import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PushSender } from '../push';
import { recordUserEvents, type NewUserEvent } from './service';

// Recording a notification and pushing it must never hold up or fail what caused it (a
// StopTransaction, a StatusNotification, the sweep): failures are logged, pushes run in the
// background, and the server waits for those in flight when it closes.

export type UserEvents = {
  /** Records the events (each once per dedupe key) and pushes the new ones; never rejects. */
  record: (...events: NewUserEvent[]) => Promise<void>;
  /** Work that may record events, run in the background (logged, never thrown). */
  inBackground: (work: () => Promise<void>) => void;
  /** Settles when the work and pushes in flight have (tests, shutdown). */
  settled: () => Promise<void>;
};

export function createUserEvents(options: {
  db: Db;
  push: PushSender;
  log: FastifyBaseLogger;
}): UserEvents {
  const { db, push, log } = options;
  const inFlight = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    const tracked = promise.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const record = async (...events: NewUserEvent[]) => {
    try {
      const recorded = await recordUserEvents(db, events);
      for (const event of recorded) track(push.send(event));
    } catch (error) {
      log.warn({ err: error, types: events.map((event) => event.type) }, 'user event not recorded');
    }
  };

  return {
    record,
    inBackground: (work) =>
      track(work().catch((error: unknown) => log.warn({ err: error }, 'user event work failed'))),
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
