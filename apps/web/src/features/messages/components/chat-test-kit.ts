import type { Message } from '@evcharge/api/messages/messages';
import { buildChargeDetail } from '@/test/charge-builders';
import { heldUntilAborted, routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse } from '@/test/render';

// The chat's server as the tests need it: GET /messages, the long poll, PUT /messages/read,
// POST /messages (and /files), one session's details for the composer's chip.

export function buildMessage(seq: number, patch: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`, seq, author: 'user', kind: 'message', staffName: null, text: `Message ${seq}`,
    files: [], session: null, createdAt: new Date(2026, 10, 20, 10, seq).toISOString(), readAt: null, ...patch,
  };
}

/** Support open at noon in UTC+2, as the list answers it. */
export const supportOpen = {
  open: true, opensAt: '2026-11-20T10:00:00.000Z', closesAt: '2026-11-20T19:00:00.000Z',
  answerMinutes: 30, fromHour: 9, toHour: 21, utcOffsetHours: 2,
};

type Page = { items: Message[]; hasMore?: boolean; cursor?: number };

export function serveChat(options: { page?: Page; older?: Page; routes?: FetchRoute[] } = {}) {
  const page = options.page ?? { items: [] };
  const cursor = page.cursor ?? page.items.at(-1)?.seq ?? 0;
  const posted: Message[] = [];
  const reply = (text: string, extra: Partial<Message>) => {
    const message = buildMessage(100 + posted.length, { text, ...extra });
    posted.push(message);
    return jsonResponse(201, { message, notice: null });
  };
  const server = routeFetch([
    ...(options.routes ?? []),
    {
      path: '/api/messages',
      reply: ({ url }) =>
        url.searchParams.has('before')
          ? jsonResponse(200, { items: options.older?.items ?? [], hasMore: options.older?.hasMore ?? false, cursor, support: supportOpen })
          : jsonResponse(200, { items: page.items, hasMore: page.hasMore ?? false, cursor, support: supportOpen }),
    },
    { path: /^\/api\/messages\/subscribe\/\d+$/, reply: heldUntilAborted },
    { method: 'PUT', path: '/api/messages/read', reply: jsonResponse(200, { count: 0 }) },
    {
      method: 'POST',
      path: '/api/messages',
      reply: ({ body }) => {
        const sent = body as { text: string; kind: Message['kind'] };
        return reply(sent.text, { kind: sent.kind });
      },
    },
    {
      method: 'POST',
      path: '/api/messages/files',
      reply: ({ body }) => {
        const sent = body as { text: string; kind: Message['kind'] };
        return reply(sent.text, { kind: sent.kind });
      },
    },
    { path: '/api/charge/id/42', reply: () => jsonResponse(200, buildChargeDetail({ transactionId: 42 })) },
  ]);
  return { ...server, posted };
}
