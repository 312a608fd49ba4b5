// Messages from the charge point to the central system, one at a time and in order
// (OCPP-J §4.1.1: one CALL in flight). Transaction messages (StartTransaction, MeterValues of
// a transaction, StopTransaction) are kept while the connection is down and delivered in
// order after it comes back (OCPP 1.6 §4.7, "transaction-related messages"); a message that
// was in flight when the socket broke is sent again, so the central system may see it twice.
// Other messages are dropped while offline: the station reports its state after reconnecting.
// A transaction message the central system answers with a CALLERROR is tried again, up to
// TRANSACTION_MESSAGE_ATTEMPTS times with a growing pause (OCPP 1.6 §4.7,
// TransactionMessageAttempts / TransactionMessageRetryInterval): a passing fault on its side
// must not lose a StopTransaction, and thus a driver's bill.
// The messages queued while offline may be replayed in another order on purpose (a fault some
// firmware shows, see faults.ts); messages queued while online always keep theirs.
import { describeError, isRpcError } from './connection';
import { replayOrdered, type ReplayOrder } from './faults';

export type OutboxItem = {
  action: string;
  isTransactionMessage: boolean;
  /** The station's own number for the transaction a transaction message belongs to. */
  transactionKey?: number;
  /** Builds the payload at send time (a transaction id may have arrived meanwhile); undefined skips the message. */
  build(): object | undefined;
  onResult?(result: unknown): void;
};

export type Outbox = {
  push(item: OutboxItem): void;
  pump(): void;
  size(): number;
  /** Resolves once everything queued was delivered (or dropped). */
  drained(): Promise<void>;
  stop(): void;
};

/** OCPP 1.6 TransactionMessageAttempts: how often a refused transaction message is sent. */
export const TRANSACTION_MESSAGE_ATTEMPTS = 3;

export type OutboxDeps = {
  canSend(): boolean;
  call(action: string, payload: object): Promise<unknown>;
  log(line: string): void;
  retryDelayMs: number;
  /** How to replay what was queued while offline (default in order). */
  replayOrder?(): ReplayOrder;
};

export function createOutbox(deps: OutboxDeps): Outbox {
  const queue: OutboxItem[] = [];
  // Queued while the station could not send, and not yet replayed.
  const queuedOffline = new Set<OutboxItem>();
  // Refusals of the message at the head of the queue (reset when it leaves).
  let refusals = 0;
  let isPumping = false;
  let isStopped = false;
  let drainWaiters: (() => void)[] = [];

  const settleIfDrained = () => {
    if (queue.length > 0 || isPumping) return;
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  };

  // Reorders the messages queued offline among the places they hold in the queue, once, as
  // sending resumes; a message in flight when the socket broke keeps its place at the head.
  function arrangeReplay() {
    if (queuedOffline.size === 0) return;
    const slots = queue.flatMap((item, index) => (queuedOffline.has(item) ? [index] : []));
    queuedOffline.clear();
    const replay = replayOrdered(
      slots.map((index) => queue[index]!),
      deps.replayOrder?.() ?? 'inOrder',
    );
    slots.forEach((slot, index) => (queue[slot] = replay[index]!));
  }

  async function run(): Promise<void> {
    while (queue.length > 0 && deps.canSend() && !isStopped) {
      arrangeReplay();
      const item = queue[0]!;
      const payload = item.build();
      if (payload === undefined) {
        deps.log(`skipped ${item.action}: its transaction was never accepted`);
        queue.shift();
        continue;
      }
      let result: unknown;
      try {
        result = await deps.call(item.action, payload);
      } catch (error) {
        if (isRpcError(error)) {
          refusals++;
          if (!item.isTransactionMessage || refusals >= TRANSACTION_MESSAGE_ATTEMPTS) {
            deps.log(`${item.action} refused: ${describeError(error)}; dropped`);
            refusals = 0;
            queue.shift();
          } else {
            deps.log(`${item.action} refused: ${describeError(error)}; trying again`);
            await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs * refusals));
          }
        } else if (!item.isTransactionMessage) {
          queue.shift();
        } else if (deps.canSend()) {
          // A timeout on a live socket: wait a little, then try again.
          deps.log(`${item.action} not answered (${describeError(error)}); retrying`);
          await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs));
        }
        // Otherwise the socket is down: keep the message for the next connection.
        continue;
      }
      refusals = 0;
      queue.shift();
      item.onResult?.(result);
    }
  }

  function pump() {
    if (isPumping) return;
    isPumping = true;
    void run().finally(() => {
      isPumping = false;
      // Something may have been pushed or the connection may have come back meanwhile.
      if (queue.length > 0 && deps.canSend() && !isStopped) pump();
      else settleIfDrained();
    });
  }

  return {
    push(item) {
      if (isStopped) return;
      if (!deps.canSend()) {
        if (!item.isTransactionMessage) return;
        queuedOffline.add(item);
      }
      queue.push(item);
      pump();
    },
    pump,
    size: () => queue.length,
    drained() {
      return new Promise((resolve) => {
        drainWaiters.push(resolve);
        settleIfDrained();
      });
    },
    stop() {
      isStopped = true;
    },
  };
}
