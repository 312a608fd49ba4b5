import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { presentDemoTag } from '@evcharge/api/dev/present-demo-tag';
import {
  cancelRfidBinding,
  checkRfidConnector,
  createRfidTag,
  deleteRfidTag,
  listRfidTags,
  RFID_POLL_SECONDS,
  subscribeRfid,
  updateRfidTag,
} from '@evcharge/api/rfid/rfid';
import { AppError } from '@evcharge/domain/errors';
import { isRfidBindingOpen } from '@evcharge/domain/rfid';
import { pollRoute, route } from '../../http/route';
import { isCommandFailure, longPoll, pollWaitFor } from '../sessions';
import type { LocalListSync } from './local-list';
import { deleteTag, listTags, updateTag } from './tags';
import {
  bindingView,
  cancelBinding,
  checkConnector,
  confirmBinding,
  ownBinding,
  type WizardDeps,
} from './wizard';

// SPEC §7 RFID: the driver's tags and the binding wizard (SPEC §4). A tag bound, blocked,
// unblocked or deleted goes to the charge points' local lists and to `tagChanged` (app.ts: the
// roaming partners, OCPI 2.2.1 §12).
export function rfidRoutes(
  app: FastifyInstance,
  deps: WizardDeps,
  localList: LocalListSync,
  tagChanged: (rfidTagId: string) => void = () => undefined,
) {
  const { db } = deps;
  const changed = (rfidTagId: string) => {
    localList.tagsChanged();
    tagChanged(rfidTagId);
  };

  route(app, listRfidTags, async ({ auth }) => listTags(db, auth.user.id));
  route(app, updateRfidTag, async ({ auth, body }) => updateTag(db, changed, auth.user.id, body));
  route(app, deleteRfidTag, async ({ auth, params }) => {
    await deleteTag(db, changed, auth.user.id, params.id, deps.now());
    return { ok: true as const };
  });
  route(app, checkRfidConnector, async ({ auth, body }) =>
    checkConnector(deps, auth.user.id, body.connectorId),
  );
  route(app, cancelRfidBinding, async ({ auth, params }) =>
    cancelBinding(deps, auth.user.id, params.id),
  );
  route(app, createRfidTag, async ({ auth, body }) => {
    const tag = await confirmBinding(deps, auth.user.id, body.bindingId, body.name);
    changed(tag.id);
    return tag;
  });

  // DESIGN.md Real time, as GET /charges/subscribe: answer at once when the binding is past the
  // client's version, else hold until it changes (the bus wakes us), its step times out, or
  // the wait is over; a client that goes away ends the wait.
  pollRoute(app, subscribeRfid, ({ userId, params, query, reply }) => {
    const wait = pollWaitFor(reply.raw, query.wait, RFID_POLL_SECONDS);
    return longPoll(deps.chargeEvents, userId, wait, async () => {
      const row = await ownBinding(deps, userId, params.bindingId);
      // The step's deadline changes the answer (it times out) without a wake-up: look then.
      const toDeadline = row.deadlineAt.getTime() - deps.now().getTime() + 50;
      return {
        answer: await bindingView(deps, row),
        ready: row.version > params.cursor || !isRfidBindingOpen(row.status),
        lookAgainMs: Math.max(50, toDeadline),
      };
    });
  });

  // A demo has no hand at the reader: the simulated station reads a tag (DataTransfer, OCPP 1.6
  // §5.6, which apps/station-sim answers by presenting it), only in demo mode.
  if (!deps.config.demoMode) return;
  route(app, presentDemoTag, async ({ auth, params, body }) => {
    const row = await ownBinding(deps, auth.user.id, params.bindingId);
    if (!isRfidBindingOpen(row.status) || !row.chargePointId)
      throw new AppError('RFID_STEP_TIMEOUT');
    const idTag = body.idTag ?? `DEMO${randomBytes(6).toString('hex').toUpperCase()}`;
    try {
      const answer = await deps.chargePoints.dataTransfer(row.chargePointId, {
        vendorId: 'evcharge',
        messageId: 'PresentTag',
        data: JSON.stringify({ idTag, connectorId: row.connectorNumber }),
      });
      if (answer.status !== 'Accepted') throw new AppError('COMMAND_REJECTED');
    } catch (error) {
      if (isCommandFailure(error)) throw new AppError('RFID_STATION_OFFLINE');
      throw error;
    }
    return { ok: true as const };
  });
}
