import type { Message } from '@evcharge/api/messages/messages';

// The conversation as the chat shows it (SPEC §7 Messages): one list ordered by `seq`, the
// newest at the bottom, whatever order pages, the long poll and sent messages arrived in.

/** Messages of both lists, each once (by id; the later copy wins: it has the newer read mark). */
export function mergeMessages(held: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of held) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Support has read the driver's messages up to this seq, as the messages themselves say. */
export function readUpToOf(messages: readonly Message[]): number {
  let upTo = 0;
  for (const message of messages) {
    if (message.author === 'user' && message.readAt !== null) upTo = Math.max(upTo, message.seq);
  }
  return upTo;
}

/** The newest support message the driver has not read yet, or null. */
export function newestUnreadFromSupport(messages: readonly Message[]): number | null {
  let newest: number | null = null;
  for (const message of messages) {
    if (message.author === 'support' && message.readAt === null) newest = Math.max(newest ?? 0, message.seq);
  }
  return newest;
}

/** The calendar day of a moment on the driver's clock, as a key ("2025-05-12"). */
export function localDayKey(at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** How many calendar days on the driver's clock lie between two moments (0: the same day). */
export function daysBetween(from: Date, to: Date): number {
  const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}

export type ConversationDay<T> = { day: string; items: T[] };

/** Consecutive items grouped by their day on the driver's clock: the day separators. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[]): ConversationDay<T>[] {
  const days: ConversationDay<T>[] = [];
  for (const item of items) {
    const day = localDayKey(item.createdAt);
    const last = days.at(-1);
    if (last && last.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}
