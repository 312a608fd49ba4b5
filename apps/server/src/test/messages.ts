import { expect } from 'vitest';
import type { z } from 'zod';
import type { ContractResponse } from '@evcharge/api/contract';
import {
  answerConversation,
  listConversationMessages,
  listConversations,
  readConversation,
  subscribeSupport,
} from '@evcharge/api/admin/support';
import {
  countNewMessages,
  listMessages,
  readMessages,
  sendMessage,
  sendMessageFiles,
  subscribeMessages,
  type Message,
  type supportHoursSchema,
} from '@evcharge/api/messages/messages';
import { chargingSessions } from '../db/schema/charging';
import { signedInUser } from './builders';
import type { TestServer } from './harness';

// The support chat as its tests meet it (modules/messages): a simulated clock (support hours
// are 9:00-21:00 in UTC+2), drivers and staff, and the calls the tests make.

export type Person = Awaited<ReturnType<typeof signedInUser>>;
export type Sent = { message: Message; notice: Message | null };
export type Page = {
  items: Message[];
  hasMore: boolean;
  cursor: number;
  support: z.infer<typeof supportHoursSchema>;
};
export type DriverPoll = { cursor: number; items: Message[]; readUpTo: number };
export type StaffPoll = { cursor: number; items: (Message & { userId: string })[] };
export type Inbox = ContractResponse<typeof listConversations>;

/** 12:00 in UTC+2: support works. */
export const OPEN_HOURS = new Date('2026-11-26T10:00:00Z');

/** The server's clock, moved by the tests (never slept through). */
export function chatClock() {
  const clock = { at: OPEN_HOURS, now: () => new Date(clock.at) };
  return clock;
}

export function chatCalls(server: TestServer) {
  const ok = <T>(answer: { status: number; body: T }, status = 200): T => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  return {
    ok,
    send: (who: Person, body: Record<string, unknown>) =>
      server.call<Sent>(sendMessage, { token: who.token, body }),
    async sent(who: Person, text: string, extra: Record<string, unknown> = {}): Promise<Sent> {
      return ok(
        await server.call<Sent>(sendMessage, { token: who.token, body: { text, ...extra } }),
        201,
      );
    },
    sendFiles: (who: Person, body: Record<string, unknown>) =>
      server.call<Sent>(sendMessageFiles, { token: who.token, body }),
    async page(who: Person, query: Record<string, number> = {}): Promise<Page> {
      return ok(await server.call<Page>(listMessages, { token: who.token, query }));
    },
    poll: (who: Person, cursor: number, query: Record<string, number> = {}) =>
      server.call<DriverPoll>(subscribeMessages, {
        token: who.token,
        params: { id: cursor },
        query: { wait: 0, ...query },
      }),
    async newCount(who: Person): Promise<number> {
      return ok(await server.call<{ count: number }>(countNewMessages, { token: who.token })).count;
    },
    async read(who: Person, upTo: number): Promise<number> {
      return ok(
        await server.call<{ count: number }>(readMessages, { token: who.token, body: { upTo } }),
      ).count;
    },
    answer: (staff: Person, driver: { id: string }, body: Record<string, unknown>) =>
      server.call<Message>(answerConversation, {
        token: staff.token,
        params: { userId: driver.id },
        body,
      }),
    async answered(staff: Person, driver: { id: string }, text: string): Promise<Message> {
      return ok(
        await server.call<Message>(answerConversation, {
          token: staff.token,
          params: { userId: driver.id },
          body: { text },
        }),
        201,
      );
    },
    async inbox(staff: Person, page = 1): Promise<Inbox> {
      return ok(
        await server.call<Inbox>(listConversations, { token: staff.token, query: { page } }),
      );
    },
    async conversation(staff: Person, driver: { id: string }, query: Record<string, number> = {}) {
      return ok(
        await server.call<{ items: Message[]; hasMore: boolean; cursor: number; readUpTo: number }>(
          listConversationMessages,
          { token: staff.token, params: { userId: driver.id }, query },
        ),
      );
    },
    async staffRead(staff: Person, driver: { id: string }, upTo: number): Promise<number> {
      return ok(
        await server.call<{ count: number }>(readConversation, {
          token: staff.token,
          params: { userId: driver.id },
          body: { upTo },
        }),
      ).count;
    },
    staffPoll: (staff: Person, cursor: number, wait = 0) =>
      server.call<StaffPoll>(subscribeSupport, {
        token: staff.token,
        params: { cursor },
        query: { wait },
      }),
    /** The number of long polls this server holds open now (its metrics). */
    async heldPolls(): Promise<number> {
      const text = await (await server.fetch('/metrics')).text();
      return Number(/^charge_long_polls (\d+)$/m.exec(text)?.[1] ?? 0);
    },
  };
}

/** A session of the driver at the station's first connector, straight into the table. */
export async function insertSession(
  server: TestServer,
  values: {
    userId: string;
    connectorId: string;
    tariffId: string;
    status: 'charging' | 'success' | 'cancelled';
    /** Null: a session cancelled before it started. */
    startedAt: Date | null;
    stoppedAt?: Date;
  },
) {
  const [row] = await server.db
    .insert(chargingSessions)
    .values({
      currency: 'rub',
      energyWh: 7_500,
      costMinor: values.status === 'success' ? 11_250 : 0,
      stopReason: values.status === 'success' ? 'Local' : null,
      ...values,
    })
    .returning({ id: chargingSessions.id, transactionId: chargingSessions.transactionId });
  if (!row) throw new Error('session insert failed');
  return row;
}
