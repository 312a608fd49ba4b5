import type { FastifyInstance } from 'fastify';
import { getEvent, listEvents } from '@evcharge/api/events/events';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { listUserEvents, readUserEvent } from './service';

export function eventRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, listEvents, async ({ auth, query }) => ({
    ...(await listUserEvents(db, auth.user.id, query.page, query.pageSize)),
    page: query.page,
    pageSize: query.pageSize,
  }));
  route(app, getEvent, async ({ auth, params }) => readUserEvent(db, auth.user.id, params.guid));
}
