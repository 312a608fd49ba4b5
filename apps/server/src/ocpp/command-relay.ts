import { randomUUID } from 'node:crypto';
import { notify as notifyDb, type Database, type Db } from '../db/client';

// DESIGN.md Scale-out: a charge point's socket lives on one instance; a command for it asked
// on another travels over PostgreSQL NOTIFY. Every instance LISTENs on `ocpp_commands`; the
// one holding the socket runs the command and answers on `ocpp_replies` to the asker.

export const COMMAND_CHANNEL = 'ocpp_commands';
export const REPLY_CHANNEL = 'ocpp_replies';

type CommandRequest = {
  id: string;
  from: string;
  chargePointId: string;
  action: string;
  payload: unknown;
  timeoutMs: number;
};

export type RelayedFailure = {
  reason: 'offline' | 'timeout' | 'refused';
  rpcErrorCode?: string;
};

type CommandReply = { id: string; to: string } & (
  { ok: true; answer: unknown } | ({ ok: false } & RelayedFailure)
);

/** What the instance holding the socket does with a relayed command. */
export type LocalRun = (
  chargePointId: string,
  action: string,
  payload: unknown,
  timeoutMs: number,
) => Promise<{ ok: true; answer: unknown } | ({ ok: false } & RelayedFailure)> | undefined;

export class RelayedCommandError extends Error {
  constructor(readonly failure: RelayedFailure) {
    super(`relayed command failed: ${failure.reason}`);
  }
}

export type CommandRelay = {
  /** Asks the instance that holds the socket; rejects with RelayedCommandError. */
  request(
    chargePointId: string,
    action: string,
    payload: unknown,
    timeoutMs: number,
  ): Promise<unknown>;
  close(): Promise<void>;
};

/** How long an asker waits for the instance holding the socket to take the command up. */
const RELAY_ACK_MS = 5000;
/** How long past the command's own timeout an asker waits for the answer. */
const RELAY_GRACE_MS = 2000;

export async function createCommandRelay(deps: {
  db: Db;
  listen: Database['listen'];
  /** Runs a command on a socket of this instance; undefined when it holds no such socket. */
  runLocal: LocalRun;
  onError: (error: unknown) => void;
}): Promise<CommandRelay> {
  const instanceId = randomUUID();
  const pending = new Map<string, { settle: (reply: CommandReply) => void }>();
  const notify = (channel: string, message: unknown) =>
    notifyDb(deps.db, channel, JSON.stringify(message));

  const stopCommands = await deps.listen(COMMAND_CHANNEL, (text) => {
    let request: CommandRequest;
    try {
      request = JSON.parse(text) as CommandRequest;
    } catch {
      return;
    }
    if (request.from === instanceId) return;
    const running = deps.runLocal(
      request.chargePointId,
      request.action,
      request.payload,
      request.timeoutMs,
    );
    if (!running) return;
    void running
      .then((result) => notify(REPLY_CHANNEL, { ...result, id: request.id, to: request.from }))
      .catch(deps.onError);
  });
  const stopReplies = await deps.listen(REPLY_CHANNEL, (text) => {
    let reply: CommandReply;
    try {
      reply = JSON.parse(text) as CommandReply;
    } catch {
      return;
    }
    if (reply.to === instanceId) pending.get(reply.id)?.settle(reply);
  });

  return {
    request(chargePointId, action, payload, timeoutMs) {
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        const giveUp = (reason: RelayedFailure['reason']) => () => {
          pending.delete(id);
          reject(new RelayedCommandError({ reason }));
        };
        // Nobody took it up: no instance holds the socket.
        let timer = setTimeout(giveUp('offline'), RELAY_ACK_MS);
        pending.set(id, {
          settle(reply) {
            clearTimeout(timer);
            if ('ack' in reply) {
              timer = setTimeout(giveUp('timeout'), timeoutMs + RELAY_GRACE_MS);
              return;
            }
            pending.delete(id);
            if (reply.ok) resolve(reply.answer);
            else
              reject(
                new RelayedCommandError({ reason: reply.reason, rpcErrorCode: reply.rpcErrorCode }),
              );
          },
        });
        const request: CommandRequest = {
          id,
          from: instanceId,
          chargePointId,
          action,
          payload,
          timeoutMs,
        };
        notify(COMMAND_CHANNEL, request).catch((error: unknown) => {
          clearTimeout(timer);
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      });
    },
    async close() {
      await stopCommands();
      await stopReplies();
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.settle({ id, to: instanceId, ok: false, reason: 'offline' });
      }
    },
  };
}
