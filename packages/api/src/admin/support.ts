import { z } from 'zod';
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX } from '@evcharge/domain/support';
import { staffRoles } from '@evcharge/domain/reviews';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import {
  pageBeforeQuerySchema,
  pageNumberSchema,
  pollWaitSchema,
  seqCursorSchema,
} from '../paging';
import { userSchema } from '../common';
import { carSchema } from '../cars/car-schemas';
import { chargeSchema } from '../sessions/charge-schemas';
import { MESSAGE_POLL_SECONDS, messageSchema, messageUploadSchema } from '../messages/messages';

// The staff console (SPEC §6: support staff answer in chat; the administrator interface outside
// the app). Every route here answers a driver as a route that does not exist (404), and a
// staff member without the role as well.

const userId = z.uuid({ error: rule.invalid });

export const staffSelfSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
});

export const getStaffSelf = defineContract({
  method: 'GET',
  path: '/api/admin/self',
  auth: 'user',
  summary: 'Staff: who is signed in to the console, and their role',
  tags: ['admin'],
  response: staffSelfSchema,
});

/** A conversation as the support inbox lists it. */
export const conversationSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    surname: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  /** The first of the driver's messages support has not answered yet; null: answered. */
  waitingSince: z.string().nullable(),
  lastMessageAt: z.string(),
  lastText: z.string(),
  lastAuthor: z.enum(['user', 'support', 'system']),
  /** The driver's messages support has not read. */
  unread: z.number().int(),
  /** Feedback about the app is among the unanswered messages. */
  hasFeedback: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const listConversations = defineContract({
  method: 'GET',
  path: '/api/admin/support/conversations',
  auth: 'user',
  summary: 'Staff (support, admin): the inbox, unanswered first (longest waiting first)',
  tags: ['admin'],
  query: z.object({
    page: pageNumberSchema,
  }),
  response: z.object({
    items: z.array(conversationSchema),
    total: z.number().int(),
    /** Conversations waiting for an answer. */
    waiting: z.number().int(),
    /** The newest message's seq: the console's live feed (subscribe) follows from here. */
    cursor: z.number().int(),
  }),
});

export const getConversationContext = defineContract({
  method: 'GET',
  path: '/api/admin/support/conversations/:userId/context',
  auth: 'user',
  summary:
    'Staff (support, admin): the driver behind a conversation: profile, money, sessions, cars',
  tags: ['admin'],
  params: z.object({ userId }),
  response: z.object({
    user: userSchema,
    cars: z.array(carSchema),
    /** Running sessions (newest first). */
    activeSessions: z.array(chargeSchema),
    /** The latest sessions, newest first: a running one among them, a cancelled one if it started. */
    lastSessions: z.array(chargeSchema),
  }),
});

export const listConversationMessages = defineContract({
  method: 'GET',
  path: '/api/admin/support/conversations/:userId/messages',
  auth: 'user',
  summary: 'Staff (support, admin): a conversation, a page before a cursor',
  tags: ['admin'],
  params: z.object({ userId }),
  query: pageBeforeQuerySchema(50),
  response: z.object({
    items: z.array(messageSchema),
    hasMore: z.boolean(),
    cursor: z.number().int(),
    /** The driver has read support's messages up to this seq. */
    readUpTo: z.number().int(),
  }),
});

export const subscribeSupport = defineContract({
  method: 'GET',
  path: '/api/admin/support/subscribe/:cursor',
  auth: 'user',
  summary: 'Staff (support, admin): long poll for any conversation’s messages after a cursor',
  tags: ['admin'],
  params: z.object({ cursor: seqCursorSchema }),
  query: z.object({
    wait: pollWaitSchema(MESSAGE_POLL_SECONDS),
  }),
  response: z.object({
    cursor: z.number().int(),
    items: z.array(messageSchema.extend({ userId: z.string() })),
  }),
});

export const answerConversation = defineContract({
  method: 'POST',
  path: '/api/admin/support/conversations/:userId/messages',
  auth: 'user',
  summary: 'Staff (support, admin): answer a driver, with text and files',
  tags: ['admin'],
  params: z.object({ userId }),
  body: z
    .object({
      text: z
        .string({ error: rule.required })
        .trim()
        .max(MESSAGE_TEXT_MAX, { error: rule.tooLong }),
      files: z
        .array(messageUploadSchema)
        .max(MESSAGE_FILES_MAX, { error: rule.tooLong })
        .default([]),
    })
    .strict()
    .refine((body) => body.text.length > 0 || body.files.length > 0, {
      error: rule.required,
      path: ['text'],
    }),
  response: messageSchema,
  status: 201,
});

export const readConversation = defineContract({
  method: 'PUT',
  path: '/api/admin/support/conversations/:userId/read',
  auth: 'user',
  summary: 'Staff (support, admin): support has read the driver’s messages up to a seq',
  tags: ['admin'],
  params: z.object({ userId }),
  body: z.object({ upTo: seqCursorSchema }).strict(),
  response: z.object({ count: z.number().int() }),
});
