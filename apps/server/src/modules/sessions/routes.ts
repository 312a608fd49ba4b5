import type { FastifyInstance } from 'fastify';
import {
  connectorStatusTime as connectorStatusTimeContract,
  listChargePoints,
  setConnectorAvailability as setConnectorAvailabilityContract,
} from '@evcharge/api/sessions/charge-points';
import { getChargeById, getCharges, haveActiveCharge } from '@evcharge/api/sessions/get-charges';
import {
  chargeSummary as chargeSummaryContract,
  listCharges,
} from '@evcharge/api/sessions/list-charges';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import {
  checkChargeTimeout,
  setRemainingTime as setRemainingTimeContract,
  setUserClosedStatus,
} from '@evcharge/api/sessions/session-settings';
import { startCharge as startChargeContract } from '@evcharge/api/sessions/start-charge';
import { stopCharge as stopChargeContract } from '@evcharge/api/sessions/stop-charge';
import { CHARGE_POLL_SECONDS, subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import { listMeterAnomalies } from '@evcharge/api/admin/meter-anomalies';
import { AppError } from '@evcharge/domain/errors';
import { canCheckMeters } from '@evcharge/domain/reviews';
import type { Deps } from '../../deps';
import { meterAnomalyPage } from './anomaly-repo';
import { pollRoute, route } from '../../http/route';
import { connectorStatusTime, ownersChargePoints, setConnectorAvailability } from './charge-points';
import { longPoll, pollWaitFor, QuietLooks } from './long-poll';
import { latestEventId } from './event-repo';
import { eventsAfter } from './events';
import { chargeSummary, listHistory } from './history';
import { planSession } from './plan';
import { openTransactionIds } from './repo';
import {
  chargeDetail,
  checkStartTimeout,
  currentCharges,
  setRemainingTime,
  setUserClosed,
} from './sessions';
import { startCharge } from './start';
import { stopCharge } from './stop';

export function chargeRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  route(app, startChargeContract, async ({ auth, body }) => startCharge(deps, auth.user.id, body));
  route(app, stopChargeContract, async ({ auth, body }) =>
    stopCharge(deps, auth.user.id, body.transactionId),
  );
  route(app, getCharges, async ({ auth }) => {
    // The cursor first: an event between the two reads comes again, never goes missing.
    const cursor = await latestEventId(db, auth.user.id);
    return { items: await currentCharges(db, auth.user.id), cursor };
  });
  route(app, haveActiveCharge, async ({ auth }) => {
    const transactionIds = await openTransactionIds(db, auth.user.id);
    return { haveActive: transactionIds.length > 0, transactionIds };
  });
  route(app, getChargeById, async ({ auth, params }) =>
    chargeDetail(db, auth.user.id, params.transactionId),
  );

  // DESIGN.md Real time: answer at once when there is news after the cursor, else hold until
  // there is (the bus wakes us) or the wait is over; a client that goes away ends the wait.
  const quietCharges = new QuietLooks<Awaited<ReturnType<typeof eventsAfter>>>(deps.chargeEvents);
  pollRoute(app, subscribeCharges, ({ userId, params, query, reply }) => {
    const wait = pollWaitFor(reply.raw, query.wait, CHARGE_POLL_SECONDS);
    let { cursor } = params;
    const question = `${params.transactionId}:${cursor}`;
    return longPoll(
      deps.chargeEvents,
      userId,
      wait,
      quietCharges.look(userId, question, async () => {
        const answer = await eventsAfter(db, userId, cursor, params.transactionId);
        // The cursor moved past events of other sessions: keep it, so they are not read again.
        cursor = answer.cursor;
        return { answer, ready: answer.events.length > 0 };
      }),
    );
  });

  route(app, listCharges, async ({ auth, query }) => listHistory(db, auth.user.id, query));

  // Staff: the sessions billed on their plausible readings only (meter-anomaly.ts). Anyone who
  // may not see them gets NOT_FOUND, as for a route that does not exist.
  route(app, listMeterAnomalies, async ({ auth, query }) => {
    if (!canCheckMeters(auth.user.staffRole ?? null)) throw new AppError('NOT_FOUND');
    return { ...(await meterAnomalyPage(db, query)), page: query.page, pageSize: query.pageSize };
  });
  route(app, chargeSummaryContract, async ({ auth, query }) =>
    chargeSummary(db, auth.user.id, query),
  );
  route(app, checkChargeTimeout, async ({ auth, params }) =>
    checkStartTimeout(deps, auth.user.id, params.transactionId),
  );
  route(app, setRemainingTimeContract, async ({ auth, body }) =>
    setRemainingTime(deps, auth.user.id, body.transactionId, body.minutes),
  );
  route(app, setUserClosedStatus, async ({ auth, params, body }) => {
    await setUserClosed(db, auth.user.id, params.flag === 'true', body?.transactionId);
    return { ok: true as const };
  });
  route(app, planCharge, async ({ auth, body, request }) =>
    planSession(db, request.brand, auth.user.id, body),
  );

  route(app, listChargePoints, async ({ auth }) => ownersChargePoints(deps, auth.user.id));
  route(app, setConnectorAvailabilityContract, async ({ auth, params }) =>
    setConnectorAvailability(deps, auth.user.id, params.connectorId, params.status),
  );
  route(app, connectorStatusTimeContract, async ({ auth, params }) =>
    connectorStatusTime(db, params.connectorId, auth?.user.id ?? null),
  );
}
