import { z } from 'zod';
import {
  RFID_TAG_NAME_MAX,
  rfidBindingFailReasons,
  rfidBindingStatuses,
} from '@evcharge/domain/rfid';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7 RFID: GET, POST and PUT /rfid, DELETE /rfid/{id}, POST /rfid/check_connector,
// GET /rfid/subscribe/{a}/{b}; SPEC §4 the wizard (plug in, scan the tag, confirm).

const id = z.uuid({ error: rule.invalid });

/** How long the server holds a wizard's long poll with nothing new before it answers. */
export const RFID_POLL_SECONDS = 25;

export const rfidTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The tag's number as lists show it: its last four characters (domain/rfid maskTagNumber). */
  numberMasked: z.string(),
  /** Blocked by the driver: the station refuses it (OCPP Blocked) until unblocked. */
  isBlocked: z.boolean(),
  createdAt: z.string(),
  /** When it last started a session. */
  lastUsedAt: z.string().nullable(),
});
export type RfidTag = z.infer<typeof rfidTagSchema>;

/** One run of the wizard at one connector, as the server keeps it. */
export const rfidBindingSchema = z.object({
  id: z.string(),
  status: z.enum(rfidBindingStatuses),
  /** Grows with every change: the long poll's cursor. */
  version: z.number().int(),
  station: z.object({ id: z.string(), code: z.string(), name: z.string(), address: z.string() }),
  connector: z.object({
    id: z.string(),
    number: z.number().int(),
    socketType: z.enum(socketTypeIds),
  }),
  /** When the current step times out. */
  deadlineAt: z.string(),
  /** The number the reader sent, once the tag is read (the driver compares it with the card). */
  tagNumber: z.string().nullable(),
  failReason: z.enum(rfidBindingFailReasons).nullable(),
  /** The tag bound at the end. */
  tag: rfidTagSchema.nullable(),
  /**
   * A demo deployment (DEMO_MODE) whose charge points are simulated: the app may offer to touch
   * a demo tag to the reader (presentDemoTag), which reaches the simulator over OCPP.
   */
  canSimulateTag: z.boolean(),
});
export type RfidBinding = z.infer<typeof rfidBindingSchema>;

const tagName = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required })
  .max(RFID_TAG_NAME_MAX, { error: rule.tooLong });

export const listRfidTags = defineContract({
  method: 'GET',
  path: '/api/rfid',
  auth: 'user',
  summary: 'The driver’s RFID tags',
  tags: ['rfid'],
  response: z.object({ items: z.array(rfidTagSchema) }),
});

export const checkRfidConnector = defineContract({
  method: 'POST',
  path: '/api/rfid/check_connector',
  auth: 'user',
  summary: 'Start binding a tag at a connector: waits for the car, then for the tag',
  tags: ['rfid'],
  body: z.object({ connectorId: id }).strict(),
  response: rfidBindingSchema,
  status: 201,
});

export const subscribeRfid = defineContract({
  method: 'GET',
  path: '/api/rfid/subscribe/:bindingId/:cursor',
  auth: 'user',
  summary: 'Long poll for the wizard’s next step after the version the client has seen',
  tags: ['rfid'],
  params: z.object({
    bindingId: id,
    cursor: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(0, { error: rule.invalid })
      .max(2_147_483_647, { error: rule.invalid }),
  }),
  query: z.object({
    wait: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(0, { error: rule.invalid })
      .max(RFID_POLL_SECONDS, { error: rule.invalid })
      .optional(),
  }),
  response: rfidBindingSchema,
});

export const cancelRfidBinding = defineContract({
  method: 'DELETE',
  path: '/api/rfid/binding/:id',
  auth: 'user',
  summary: 'Leave the wizard: the station’s reader is free again',
  tags: ['rfid'],
  params: z.object({ id }),
  response: rfidBindingSchema,
});

export const createRfidTag = defineContract({
  method: 'POST',
  path: '/api/rfid',
  auth: 'user',
  summary: 'Confirm binding the tag the wizard read, with the driver’s name for it',
  tags: ['rfid'],
  body: z.object({ bindingId: id, name: tagName }).strict(),
  response: rfidTagSchema,
  status: 201,
});

export const updateRfidTag = defineContract({
  method: 'PUT',
  path: '/api/rfid',
  auth: 'user',
  summary: 'Rename, block or unblock one of the driver’s tags',
  tags: ['rfid'],
  body: z
    .object({ id, name: tagName.optional(), isBlocked: z.boolean().optional() })
    .strict(),
  response: rfidTagSchema,
});

export const deleteRfidTag = defineContract({
  method: 'DELETE',
  path: '/api/rfid/:id',
  auth: 'user',
  summary: 'Remove one of the driver’s tags: it starts nothing any more',
  tags: ['rfid'],
  params: z.object({ id }),
  response: okSchema,
});
