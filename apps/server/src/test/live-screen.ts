import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import type { ServerProcess } from './server-process';

// The driver's charging screen as the web keeps it (charge-poll.ts): a long poll of charge
// events from the cursor it reached, again and again; when the server is gone it waits for
// it to come back and goes on from the same cursor.

type Poll = { cursor: number; events: ChargeEvent[] };

/** Every event after `cursor`, page by page, without holding (the screen opened anew). */
export async function eventsSince(
  server: Pick<ServerProcess, 'call'>,
  token: string,
  cursor: number,
): Promise<Poll> {
  const events: ChargeEvent[] = [];
  for (let at = cursor; ;) {
    const answer = await server.call<Poll>(subscribeCharges, {
      token,
      params: { transactionId: 0, cursor: at },
      query: { wait: 0 },
    });
    if (answer.status !== 200) throw new Error(`poll answered ${answer.status}`);
    if (answer.body.events.length === 0) return { cursor: at, events };
    events.push(...answer.body.events);
    at = answer.body.cursor;
  }
}

export type LiveScreen = {
  /** Every event the screen was given, in the order it got them. */
  events: ChargeEvent[];
  cursor: () => number;
  /** Polls that failed because the server was gone (the screen waited and went on). */
  lostPolls: () => number;
  /** Polls a busy server shed (503): the screen asked again. */
  shedPolls: () => number;
  /** Answers other than 200, 503 and a lost server: the screen stopped at the first. */
  failure: () => string | undefined;
  /** Ends the loop after the poll in flight (at most `waitSeconds`). */
  close: () => Promise<void>;
};

export function liveScreen(
  server: Pick<ServerProcess, 'call' | 'ready'>,
  token: string,
  cursor: number,
  waitSeconds = 2,
): LiveScreen {
  const events: ChargeEvent[] = [];
  let at = cursor;
  let lost = 0;
  let shed = 0;
  let failure: string | undefined;
  let isClosed = false;
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });

  async function run() {
    while (!isClosed) {
      let answer;
      try {
        answer = await server.call<Poll>(subscribeCharges, {
          token,
          params: { transactionId: 0, cursor: at },
          query: { wait: waitSeconds },
        });
      } catch {
        // The server went away under the poll: wait for it, then ask from the same cursor.
        lost += 1;
        await Promise.race([server.ready(), closed]);
        continue;
      }
      // A busy server sheds the poll (503 with retry-after): the screen asks again from the same
      // cursor after a pause, as the web's poll does after any failure but a sign-out.
      if (answer.status === 503) {
        shed += 1;
        await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), closed]);
        continue;
      }
      if (answer.status !== 200) {
        failure = `poll from ${at} answered ${answer.status}: ${JSON.stringify(answer.body)}`;
        return;
      }
      events.push(...answer.body.events);
      at = answer.body.cursor;
    }
  }

  const running = run();
  return {
    events,
    cursor: () => at,
    lostPolls: () => lost,
    shedPolls: () => shed,
    failure: () => failure,
    close: async () => {
      isClosed = true;
      onClose();
      await running;
    },
  };
}
