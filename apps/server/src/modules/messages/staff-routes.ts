import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  answerConversation,
  getConversationContext,
  getStaffSelf,
  listConversationMessages,
  listConversations,
  readConversation,
  subscribeSupport,
} from '@evcharge/api/admin/support';
import { MESSAGE_FILES_MAX } from '@evcharge/domain/support';
import type { Deps } from '../../deps';
import { pollRoute, route } from '../../http/route';
import type { PollWait } from '../sessions';
import {
  answer,
  conversationContext,
  conversationMessages,
  inbox,
  pollSupport,
  readBySupport,
  requireSupport,
  requireSupportRole,
  staffSelf,
} from './staff';

// SPEC §6 support staff: the console's inbox, a conversation with its driver's context, the
// answer and the read mark, and the long poll over every conversation. Everyone but support
// agents and administrators gets 404 here (staff.ts), and nothing changes.

/** An answer's body: its files as base64 (as a driver's message with files). */
const ANSWER_BODY_LIMIT_BYTES = MESSAGE_FILES_MAX * 700_000 + 256 * 1024;

export function staffRoutes(
  app: FastifyInstance,
  deps: Deps,
  pollWait: (reply: FastifyReply, seconds: number | undefined) => PollWait,
): void {
  route(app, getStaffSelf, async ({ auth }) => staffSelf(auth));
  route(app, listConversations, async ({ auth, query }) => {
    requireSupport(auth);
    return inbox(deps, query.page);
  });
  route(app, getConversationContext, async ({ auth, params }) => {
    requireSupport(auth);
    return conversationContext(deps, params.userId);
  });
  route(app, listConversationMessages, async ({ auth, params, query }) => {
    requireSupport(auth);
    return conversationMessages(deps, params.userId, query);
  });
  // Held open: only the staff member's id and role are read, and kept while it waits.
  pollRoute(app, subscribeSupport, async ({ staffRole, params, query, reply }) => {
    requireSupportRole(staffRole);
    return pollSupport(deps, params.cursor, pollWait(reply, query.wait));
  });
  route(
    app,
    answerConversation,
    async ({ auth, params, body }) => answer(deps, requireSupport(auth), params.userId, body),
    { bodyLimit: ANSWER_BODY_LIMIT_BYTES },
  );
  route(app, readConversation, async ({ auth, params, body }) => {
    requireSupport(auth);
    return readBySupport(deps, params.userId, body.upTo);
  });
}
