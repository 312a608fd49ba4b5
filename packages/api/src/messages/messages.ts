import { z } from 'zod';
import {
  MESSAGE_FILE_NAME_MAX,
  MESSAGE_FILE_TYPES,
  MESSAGE_FILES_MAX,
  MESSAGE_TEXT_MAX,
  messageAuthors,
  messageKinds,
} from '@evcharge/domain/support';
import { sessionStatuses } from '@evcharge/domain/charging';
import { currencies } from '@evcharge/domain/currency';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { pageBeforeQuerySchema, pollWaitSchema, seqCursorSchema } from '../paging';

// SPEC §7 Messages and feedback: GET /messages, GET /messages/subscribe/{id}, GET /messages/new,
// POST /messages, POST /messages/files; SPEC §3 Message: text and files; SPEC §1 support hours.
// One conversation per driver with support. {id} of the subscription is the cursor: the `seq`
// of the last message the client holds (0 at first), so a reconnecting client misses nothing.

/** How long the server holds a long poll with nothing new before it answers. */
export const MESSAGE_POLL_SECONDS = 25;

export const messageFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.enum(MESSAGE_FILE_TYPES),
  sizeBytes: z.number().int(),
  /** GET /api/messages/file/{id}: the file, to its driver and to support staff only. */
  url: z.string(),
  /** Images: their size after re-encoding (no EXIF survives); null for PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** The session a message carries: what support needs to know without asking. */
export const messageSessionSchema = z.object({
  transactionId: z.number().int(),
  status: z.enum(sessionStatuses),
  stationName: z.string(),
  stationCode: z.string(),
  connectorNumber: z.number().int(),
  energyWh: z.number().int(),
  costMinor: z.number().int(),
  currency: z.enum(currencies),
  stopReason: z.string().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type MessageSession = z.infer<typeof messageSessionSchema>;

export const messageSchema = z.object({
  id: z.string(),
  /** The message's place in the order of all messages: the cursor of the subscription. */
  seq: z.number().int(),
  author: z.enum(messageAuthors),
  kind: z.enum(messageKinds),
  /** The support agent's first name, on their messages. */
  staffName: z.string().nullable(),
  text: z.string(),
  files: z.array(messageFileSchema),
  session: messageSessionSchema.nullable(),
  createdAt: z.string(),
  /** When the other side read it (support reads the driver's, the driver reads support's). */
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** SPEC §1: support hours (9:00-21:00 UTC+2) and the answer time, as the chat shows them. */
export const supportHoursSchema = z.object({
  open: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  answerMinutes: z.number().int(),
  /** The hours in the brand's zone, for the notice: "9:00-21:00 (UTC+2)". */
  fromHour: z.number().int(),
  toHour: z.number().int(),
  utcOffsetHours: z.number().int(),
});

export const listMessages = defineContract({
  method: 'GET',
  path: '/api/messages',
  auth: 'user',
  summary: 'The driver’s conversation with support, a page before a cursor (newest page first)',
  tags: ['messages'],
  query: pageBeforeQuerySchema(30),
  response: z.object({
    /** Oldest first within the page: the newest message is the last. */
    items: z.array(messageSchema),
    /** Older messages exist before this page. */
    hasMore: z.boolean(),
    /** The seq to subscribe after (the newest message's, or 0). */
    cursor: z.number().int(),
    support: supportHoursSchema,
  }),
});

export const countNewMessages = defineContract({
  method: 'GET',
  path: '/api/messages/new',
  auth: 'user',
  summary: 'How many messages from support the driver has not read (the badge in the shell)',
  tags: ['messages'],
  response: z.object({ count: z.number().int() }),
});

export const subscribeMessages = defineContract({
  method: 'GET',
  path: '/api/messages/subscribe/:id',
  auth: 'user',
  summary: 'Long poll for messages after the cursor {id}, and for read marks',
  tags: ['messages'],
  params: z.object({ id: seqCursorSchema }),
  query: z.object({
    /** Seconds to hold at most; tests and the browser journey ask for less. */
    wait: pollWaitSchema(MESSAGE_POLL_SECONDS),
    /** The client's `readUpTo`: a change of it also answers the poll. */
    read: seqCursorSchema.optional(),
  }),
  response: z.object({
    cursor: z.number().int(),
    items: z.array(messageSchema),
    /** Support has read the driver's messages up to this seq (their read marks). */
    readUpTo: z.number().int(),
  }),
});

const textSchema = z
  .string({ error: rule.required })
  .trim()
  .max(MESSAGE_TEXT_MAX, { error: rule.tooLong });

/**
 * The session the message is about: the driver's own (checked). Absent: the server attaches the
 * running session, or the one that ended within SUPPORT_SESSION_RECENT_HOURS.
 */
const sessionRef = z.coerce
  .number({ error: rule.number })
  .int({ error: rule.invalid })
  .positive({ error: rule.invalid })
  .max(2_147_483_647, { error: rule.invalid });

export const sendMessage = defineContract({
  method: 'POST',
  path: '/api/messages',
  auth: 'user',
  summary: 'Write to support (or send feedback about the app, kind "feedback")',
  tags: ['messages'],
  body: z
    .object({
      text: textSchema.min(1, { error: rule.required }),
      kind: z.enum(['message', 'feedback']).default('message'),
      transactionId: sessionRef.optional(),
    })
    .strict(),
  response: z.object({
    message: messageSchema,
    /** The service's notice when support is closed (also part of the conversation). */
    notice: messageSchema.nullable(),
  }),
  status: 201,
});

export const messageUploadSchema = z.object({
  name: z
    .string({ error: rule.required })
    .trim()
    .min(1, { error: rule.required })
    .max(MESSAGE_FILE_NAME_MAX, { error: rule.tooLong }),
  /** The file as base64; its type is told by its content (JPEG, PNG, PDF), never its name. */
  data: z.string({ error: rule.required }).min(1, { error: rule.required }).max(700_000, {
    error: rule.tooLong,
  }),
});

export const sendMessageFiles = defineContract({
  method: 'POST',
  path: '/api/messages/files',
  auth: 'user',
  summary: 'Write to support with files: images and PDF, each at most 500 kB',
  tags: ['messages'],
  body: z
    .object({
      text: textSchema.default(''),
      files: z
        .array(messageUploadSchema)
        .min(1, { error: rule.required })
        .max(MESSAGE_FILES_MAX, { error: rule.tooLong }),
      kind: z.enum(['message', 'feedback']).default('message'),
      transactionId: sessionRef.optional(),
    })
    .strict(),
  response: z.object({ message: messageSchema, notice: messageSchema.nullable() }),
  status: 201,
});

export const readMessages = defineContract({
  method: 'PUT',
  path: '/api/messages/read',
  auth: 'user',
  summary: 'The driver has read support’s messages up to a seq',
  tags: ['messages'],
  body: z.object({ upTo: seqCursorSchema }).strict(),
  response: z.object({ count: z.number().int() }),
});
