import type { FastifyInstance } from 'fastify';
import {
  claimPrivateStation,
  getSharingSchedule,
  listPrivateStations,
  releasePrivateStation,
  saveSharingSchedule,
} from '@evcharge/api/private-stations/private-stations';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { claimStation } from './claim';
import { listOwned } from './owned';
import { releaseStation } from './release';
import { getSchedule, saveSchedule } from './schedule';

// SPEC §7: POST /chargestation/private, GET /chargestation/get/private, DELETE
// /chargestation/private/{id}, GET and PUT /chargestation/private/{id}/get|save/schedule.

/** What else follows when a station's owner or sharing terms changed (app.ts wires it). */
export type TermsChanged = (stationId: string) => Promise<void>;

export function privateStationRoutes(
  app: FastifyInstance,
  deps: Deps,
  termsChanged: TermsChanged,
): void {
  route(app, claimPrivateStation, async ({ auth, body }) => {
    const station = await claimStation(deps, auth.user.id, body);
    await termsChanged(station.id);
    return station;
  });
  route(app, listPrivateStations, async ({ auth }) => listOwned(deps, auth.user.id));
  route(app, releasePrivateStation, async ({ auth, params }) => {
    await releaseStation(deps, auth.user.id, params.id);
    await termsChanged(params.id);
    return { ok: true as const };
  });
  route(app, getSharingSchedule, async ({ auth, params }) =>
    getSchedule(deps, auth.user.id, params.id),
  );
  route(app, saveSharingSchedule, async ({ auth, params, body }) => {
    const schedule = await saveSchedule(deps, auth.user.id, params.id, body);
    await termsChanged(params.id);
    return schedule;
  });
}
