import type { Conversation } from '@evcharge/api/admin/support';
import type { Message } from '@evcharge/api/messages/messages';
import type { moderatedReviewSchema } from '@evcharge/api/feedbacks/feedbacks';
import type { z } from 'zod';

export const DRIVER = '0b6e4f3a-0000-4000-8000-000000000001';

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function buildConversation(patch: Partial<Conversation> & { id?: string; name?: string } = {}): Conversation {
  const { id = DRIVER, name = 'Anna', ...rest } = patch;
  return {
    user: { id, name, surname: 'Petrova', email: `${name.toLowerCase()}@example.com`, phone: null },
    waitingSince: null,
    lastMessageAt: minutesAgo(5),
    lastText: 'Hello',
    lastAuthor: 'user',
    unread: 0,
    hasFeedback: false,
    ...rest,
  };
}

export function buildMessage(patch: Partial<Message> & { seq: number }): Message {
  return {
    id: `m-${patch.seq}`,
    author: 'user',
    kind: 'message',
    staffName: null,
    text: `Message ${patch.seq}`,
    files: [],
    session: null,
    createdAt: minutesAgo(10),
    readAt: null,
    ...patch,
  };
}

export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

export function buildReview(patch: Partial<ModeratedReview> & { id: string }): ModeratedReview {
  return {
    stationId: 'st-1',
    authorName: 'Ivan',
    isAnonymous: false,
    text: 'Fast and clean.',
    chargingWorked: true,
    chargedHere: true,
    status: 'pending',
    deleteReason: null,
    createdAt: minutesAgo(60),
    photos: [],
    isMine: false,
    station: { id: 'st-1', code: 'MOW000011', name: 'Tverskaya 1' },
    author: { id: 'u-1', name: 'Ivan', email: 'ivan@example.com' },
    ...patch,
  };
}
