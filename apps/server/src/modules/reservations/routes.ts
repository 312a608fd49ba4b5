import type { FastifyInstance } from 'fastify';
import { listChargesPlusReserves } from '@evcharge/api/payments/receipts';
import {
  cancelReserve,
  connectorReserveNow,
  connectorReserveNowV2,
  createReserve,
  getReserve,
  listUserReserves,
} from '@evcharge/api/reserves/reserves';
import { route } from '../../http/route';
import { listChargesAndReserves } from './charges-plus-reserves';
import type { ReservationDeps } from './lifecycle';
import {
  cancel,
  connectorState,
  connectorStateV2,
  listUserReservations,
  reserve,
  userReservation,
} from './service';

// SPEC §7 Reserves, and GET /v2/charges_plus_reserves.
export function reservationRoutes(app: FastifyInstance, deps: ReservationDeps): void {
  const { db } = deps;
  route(app, listUserReserves, async ({ auth, query }) =>
    listUserReservations(db, auth.user.id, query),
  );
  route(app, getReserve, async ({ auth, params }) => userReservation(db, auth.user.id, params.id));
  route(app, connectorReserveNowV2, async ({ auth, params }) =>
    connectorStateV2(deps, auth.user.id, params.id),
  );
  route(app, connectorReserveNow, async ({ auth, params }) =>
    connectorState(db, auth.user.id, params.id),
  );
  route(app, createReserve, async ({ auth, body }) => reserve(deps, auth.user.id, body));
  route(app, cancelReserve, async ({ auth, params }) =>
    cancel(deps, auth.user.id, params.id, params.x),
  );
  route(app, listChargesPlusReserves, async ({ auth, query }) =>
    listChargesAndReserves(db, auth.user.id, query),
  );
}
