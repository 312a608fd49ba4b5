import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';

export type OutboxMessage = typeof outboxMessages.$inferSelect;

export type OutboxHelpers = {
  /** Every stored message to `to` (or to anyone), oldest first. */
  messages: (to?: string) => Promise<OutboxMessage[]>;
  /** The newest message to `to`; fails the test when there is none. */
  last: (to: string) => Promise<OutboxMessage>;
  /** The first link in the newest message to `to` whose path is `path` (e.g. '/resetPage'). */
  link: (to: string, path: string) => Promise<URL>;
  /** The `token` query parameter of that link. */
  token: (to: string, path: string) => Promise<string>;
  /** The 6-digit code in the newest message to `to`. */
  code: (to: string) => Promise<string>;
};

export function outboxHelpers(db: Db): OutboxHelpers {
  const messages = async (to?: string) =>
    db
      .select()
      .from(outboxMessages)
      .where(to === undefined ? undefined : eq(outboxMessages.to, to))
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  const last = async (to: string) => {
    const list = await messages(to);
    const message = list.at(-1);
    if (!message) throw new Error(`no message to ${to} in the outbox`);
    return message;
  };
  const link = async (to: string, path: string) => {
    const { body } = await last(to);
    for (const match of body.matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(match[0]);
      if (url.pathname === path) return url;
    }
    throw new Error(`no ${path} link in the last message to ${to}:\n${body}`);
  };
  return {
    messages,
    last,
    link,
    token: async (to, path) => {
      const token = (await link(to, path)).searchParams.get('token');
      if (!token) throw new Error(`the ${path} link has no token`);
      return token;
    },
    code: async (to) => {
      const match = /\b(\d{6})\b/.exec((await last(to)).body);
      if (!match?.[1]) throw new Error(`no 6-digit code in the last message to ${to}`);
      return match[1];
    },
  };
}
