import { NOT_HELD, type BusWaiter, type ChargeEventBus } from './event-bus';

// DESIGN.md Real time: the long polls over the bus (event-bus.ts): how long one waits, the
// renewals that find nothing kept off the database, and the loop that answers them.

/**
 * Where a poll hears its client go away: the request's response (Node's ServerResponse emits
 * 'close' when its connection closes before the answer went out).
 */
export type PollClient = {
  on(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
};

export type PollWait = {
  /** How long to hold with nothing new. */
  ms: number;
  /** The client: when it goes away, the wait is over. */
  client: PollClient;
};

/**
 * How long a poll holds with nothing new when the client asks for no time of its own: the
 * contract's most (`seconds`), less up to a fifth at random. Thousands of clients that came
 * at once (after a restart, a network outage) would otherwise all be answered, and ask again,
 * in the same instant, every time; spread, the answers and the renewals leave room for
 * everything else the instance serves.
 */
export function spreadPollMs(seconds: number, random: () => number = Math.random): number {
  return Math.round(seconds * 1000 * (1 - 0.2 * random()));
}

/**
 * A poll's wait for a request: `asked` seconds when the client says, else the spread default
 * (`spreadPollMs`); over when the client goes away.
 */
export function pollWaitFor(
  client: PollClient,
  asked: number | undefined,
  defaultSeconds: number,
): PollWait {
  return { ms: asked === undefined ? spreadPollMs(defaultSeconds) : asked * 1000, client };
}

/**
 * How long a note of a quiet look is trusted. A wake-up that never comes (a NOTIFY lost with
 * the LISTEN connection) delays news by at most this, besides the poll's own wait.
 */
export const QUIET_NOTE_MS = 60_000;
const QUIET_NOTES_KEPT = 100_000;

/**
 * Notes of looks that found nothing new, per bus key: a poll asking the same question again
 * (its client's cursor) with no wake-up of the key since is given the same answer without
 * asking the database. Thousands of polls renewing after their wait mostly find nothing;
 * this keeps their renewals off the database. A note is written with the news count read
 * before its look, so a wake-up during the look spoils it; events are written before the bus
 * is told (events.ts), so a look after a note's wake-up sees them.
 */
export class QuietLooks<T> {
  readonly #notes = new Map<string, { news: number; question: string; answer: T; at: number }>();

  constructor(
    private readonly bus: Pick<ChargeEventBus, 'news' | 'newsSince'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `look` for `key`, answered from the note when the same question is still quiet. */
  look<A extends { answer: T; ready: boolean; lookAgainMs?: number }>(
    key: string,
    question: string,
    look: () => Promise<A>,
  ): () => Promise<A | { answer: T; ready: false }> {
    return async () => {
      const note = this.#notes.get(key);
      if (
        note &&
        note.question === question &&
        this.now() - note.at < QUIET_NOTE_MS &&
        !this.bus.newsSince(key, note.news)
      ) {
        return { answer: note.answer, ready: false };
      }
      const news = this.bus.news();
      const at = this.now();
      const found = await look();
      this.#notes.delete(key);
      if (!found.ready && found.lookAgainMs === undefined) {
        if (this.#notes.size >= QUIET_NOTES_KEPT) {
          this.#notes.delete(this.#notes.keys().next().value as string);
        }
        this.#notes.set(key, { news, question, answer: found.answer, at });
      }
      return found;
    };
  }
}

type Look<T> = () => Promise<{ answer: T; ready: boolean; lookAgainMs?: number }>;

/**
 * DESIGN.md Real time, the one long-poll loop of the charges, the RFID wizard and the support
 * chat: answers at once when `look` finds something (`ready`), else holds until the bus wakes
 * `key` (then looks again), `lookAgainMs` passes (a deadline the answer depends on), or the
 * wait is over. The wait is registered before each look, so a wake-up between the look and the
 * wait is not lost. The server closing, or the client going away, ends it with the last look's
 * answer.
 */
export function longPoll<T>(
  bus: Pick<ChargeEventBus, 'hold' | 'release' | 'closed'>,
  key: string,
  wait: PollWait,
  look: Look<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    new LongPoll(bus, key, wait, look, resolve, reject).round();
  });
}

/**
 * One open poll as one object: it is the bus's waiter, and its one listener hears the client
 * go away. Ten thousand are held at once on an instance; an async function with a promise per
 * round, an AbortController and a closure per wake-up source cost each of them about a
 * kilobyte more (bench/RESULTS.md).
 */
class LongPoll<T> implements BusWaiter {
  slot = NOT_HELD;
  private readonly deadline: number;
  /** Woken (by the bus, the answer's deadline or the client) since this round parked. */
  private woken = false;
  /** Looked, found nothing, and waits for a wake-up. */
  private waiting = false;
  private gone = false;
  private again: NodeJS.Timeout | undefined;
  private answer: T | undefined;
  /** The client's 'close' listener (one function, taken off when the poll answers). */
  private readonly onClose: () => void;

  constructor(
    private readonly bus: Pick<ChargeEventBus, 'hold' | 'release' | 'closed'>,
    readonly key: string,
    private readonly wait: PollWait,
    private readonly look: Look<T>,
    private readonly resolve: (answer: T) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.deadline = Date.now() + wait.ms;
    this.onClose = () => {
      this.gone = true;
      this.wake();
    };
    wait.client.on('close', this.onClose);
  }

  /** Parks (while there is time left), then looks. */
  round(): void {
    const left = this.deadline - Date.now();
    this.woken = false;
    if (left > 0 && !this.gone) this.bus.hold(this, left);
    this.look().then(
      (found) => this.looked(found, left),
      (error: unknown) => this.end(error, true),
    );
  }

  private looked(found: Awaited<ReturnType<Look<T>>>, left: number): void {
    this.answer = found.answer;
    if (found.ready || left <= 0 || this.gone || this.bus.closed()) {
      this.end(found.answer);
      return;
    }
    if (this.woken) {
      this.round();
      return;
    }
    this.waiting = true;
    if (found.lookAgainMs !== undefined) {
      this.again = setTimeout(() => this.wake(), found.lookAgainMs);
    }
  }

  /** The bus's wake-up, the answer's own deadline, or the client gone. */
  wake(): void {
    this.woken = true;
    if (!this.waiting) {
      // Still looking: the look's end sees `woken` (or `gone`) and goes on from there.
      this.bus.release(this);
      return;
    }
    this.waiting = false;
    clearTimeout(this.again);
    this.bus.release(this);
    if (this.gone || this.bus.closed()) this.end(this.answer as T);
    else this.round();
  }

  private end(answer: unknown, failed = false): void {
    this.bus.release(this);
    clearTimeout(this.again);
    this.wait.client.removeListener('close', this.onClose);
    if (failed) this.reject(answer);
    else this.resolve(answer as T);
  }
}
