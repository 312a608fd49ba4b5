import {
  cdr as cdrSchema,
  ocpiDateTime,
  session as sessionSchema,
  sessionPatch,
  type OcpiCdr,
  type OcpiSession,
} from '@evcharge/api/ocpi/types';
import type { PeerDeps } from './context';
import { changeEvseStatus, findEvse } from './network';
import type { PricedStretch } from './pricing';
import { cdrOf, costOf, round, tariffOf } from './session-cost';
import type { Pusher } from './pushes';

// A charging session at one of the peer's stations (OCPI 2.2.1 §9) and its CDR (§10): the
// energy grows with a set power on the peer's clock, the partner gets the session PUT at the
// start and PATCHed (kWh, new charging periods, cost) at each step of the clock, and the CDR
// POSTed at the end. A car that is full (stopsAtKwh) stays plugged in: parking time.

export type LiveSession = {
  session: OcpiSession;
  powerKw: number;
  stopsAtKwh?: number;
  timeZone: string;
  stretches: PricedStretch[];
  /** Up to when energy and time are counted. */
  countedUntil: Date;
};

export type StartSession = {
  cdrToken: OcpiSession['cdr_token'];
  locationId: string;
  evseUid: string;
  connectorId?: string;
  authMethod: OcpiSession['auth_method'];
  authorizationReference?: string;
  powerKw?: number;
  stopsAtKwh?: number;
};

export type SessionSettings = { powerKw?: number; stopsAtKwh?: number };

function sessionPath(deps: PeerDeps, id: string) {
  return `/${deps.config.countryCode}/${deps.config.partyId}/${id}`;
}

export async function startSession(
  deps: PeerDeps,
  pusher: Pusher,
  start: StartSession,
  settings: SessionSettings,
) {
  const found = findEvse(deps, start.locationId, start.evseUid);
  if (!found) throw new Error(`No EVSE ${start.evseUid} at ${start.locationId}`);
  const connector = start.connectorId
    ? found.evse.connectors.find((c) => c.id === start.connectorId)
    : found.evse.connectors[0];
  if (!connector) throw new Error(`No connector ${start.connectorId} on ${start.evseUid}`);
  const maxKw =
    (connector.max_electric_power ?? connector.max_voltage * connector.max_amperage) / 1000;
  const wantedKw = start.powerKw ?? settings.powerKw ?? (connector.power_type === 'DC' ? 50 : 11);
  const now = deps.now();
  deps.store.sessionCount += 1;
  const id = `${deps.config.partyId}-S${String(deps.store.sessionCount).padStart(6, '0')}`;
  const session: OcpiSession = sessionSchema.parse({
    country_code: deps.config.countryCode,
    party_id: deps.config.partyId,
    id,
    start_date_time: ocpiDateTime(now),
    kwh: 0,
    cdr_token: start.cdrToken,
    auth_method: start.authMethod,
    ...(start.authorizationReference
      ? { authorization_reference: start.authorizationReference }
      : {}),
    location_id: start.locationId,
    evse_uid: start.evseUid,
    connector_id: connector.id,
    currency: 'EUR',
    charging_periods: [],
    status: 'ACTIVE',
    last_updated: ocpiDateTime(now),
  });
  const live: LiveSession = {
    session,
    powerKw: Math.min(wantedKw, maxKw),
    stopsAtKwh: start.stopsAtKwh ?? settings.stopsAtKwh,
    timeZone: found.location.time_zone,
    stretches: [],
    countedUntil: now,
  };
  const cost = costOf(deps, live);
  if (cost) live.session = { ...session, total_cost: cost.total };
  deps.store.liveSessions.set(id, live);
  deps.store.sessions.set(id, live.session);
  await changeEvseStatus(deps, pusher, start.locationId, start.evseUid, 'CHARGING');
  await pusher.push({
    module: 'sessions',
    method: 'PUT',
    path: sessionPath(deps, id),
    body: { schema: sessionSchema, value: live.session },
  });
  return live.session;
}

/** Counts energy and time up to the peer's clock; returns the new charging periods. */
function countUpToNow(deps: PeerDeps, live: LiveSession) {
  const now = deps.now();
  const hours = (now.getTime() - live.countedUntil.getTime()) / 3_600_000;
  if (hours <= 0) return [];
  const kwh = live.session.kwh;
  const room = live.stopsAtKwh === undefined ? Infinity : Math.max(0, live.stopsAtKwh - kwh);
  const chargingHours = live.powerKw > 0 ? Math.min(hours, room / live.powerKw) : 0;
  const energyKwh = round(live.powerKw * chargingHours, 4);
  const parkingHours = hours - chargingHours;
  const secondsBefore =
    (live.countedUntil.getTime() - Date.parse(live.session.start_date_time)) / 1000;
  const tariffId = tariffOf(deps, live)?.id;
  const periods: NonNullable<OcpiSession['charging_periods']> = [];
  const from = live.countedUntil;
  if (chargingHours > 0) {
    live.stretches.push({
      start: from,
      energyKwh,
      chargingHours,
      parkingHours: 0,
      powerKw: live.powerKw,
      kwhBefore: kwh,
      secondsBefore,
    });
    periods.push({
      start_date_time: ocpiDateTime(from),
      dimensions: [
        { type: 'ENERGY', volume: energyKwh },
        { type: 'TIME', volume: round(chargingHours, 6) },
        { type: 'MAX_POWER', volume: live.powerKw },
      ],
      ...(tariffId ? { tariff_id: tariffId } : {}),
    });
  }
  if (parkingHours > 0) {
    const parkedFrom = new Date(from.getTime() + chargingHours * 3_600_000);
    live.stretches.push({
      start: parkedFrom,
      energyKwh: 0,
      chargingHours: 0,
      parkingHours,
      powerKw: 0,
      kwhBefore: kwh + energyKwh,
      secondsBefore: secondsBefore + chargingHours * 3600,
    });
    periods.push({
      start_date_time: ocpiDateTime(parkedFrom),
      dimensions: [{ type: 'PARKING_TIME', volume: round(parkingHours, 6) }],
      ...(tariffId ? { tariff_id: tariffId } : {}),
    });
  }
  live.countedUntil = now;
  const cost = costOf(deps, live);
  live.session = {
    ...live.session,
    kwh: round(kwh + energyKwh, 4),
    charging_periods: [...(live.session.charging_periods ?? []), ...periods],
    ...(cost ? { total_cost: cost.total } : {}),
    last_updated: ocpiDateTime(now),
  };
  deps.store.sessions.set(live.session.id, live.session);
  return periods;
}

/** After the clock moved: each active session PATCHed with what changed (§9.2.2.3). */
export async function tickSessions(deps: PeerDeps, pusher: Pusher) {
  for (const live of deps.store.liveSessions.values()) {
    const periods = countUpToNow(deps, live);
    if (periods.length === 0) continue;
    const { kwh, total_cost, last_updated } = live.session;
    await pusher.push({
      module: 'sessions',
      method: 'PATCH',
      path: sessionPath(deps, live.session.id),
      body: {
        schema: sessionPatch,
        value: {
          kwh,
          charging_periods: periods,
          ...(total_cost ? { total_cost } : {}),
          last_updated,
        },
      },
    });
  }
}

/** Ends a session: COMPLETED, the EVSE free again, and its CDR POSTed (§10.2.2). */
export async function stopSession(deps: PeerDeps, pusher: Pusher, id: string): Promise<OcpiCdr> {
  const live = deps.store.liveSessions.get(id);
  if (!live) throw new Error(`No active session ${id}`);
  const periods = countUpToNow(deps, live);
  const now = ocpiDateTime(deps.now());
  live.session = { ...live.session, status: 'COMPLETED', end_date_time: now, last_updated: now };
  deps.store.liveSessions.delete(id);
  deps.store.sessions.set(id, live.session);
  const { kwh, total_cost, status, end_date_time } = live.session;
  await pusher.push({
    module: 'sessions',
    method: 'PATCH',
    path: sessionPath(deps, id),
    body: {
      schema: sessionPatch,
      value: {
        kwh,
        status,
        end_date_time,
        ...(periods.length ? { charging_periods: periods } : {}),
        ...(total_cost ? { total_cost } : {}),
        last_updated: now,
      },
    },
  });
  await changeEvseStatus(
    deps,
    pusher,
    live.session.location_id,
    live.session.evse_uid,
    'AVAILABLE',
  );
  const record = cdrOf(deps, live);
  deps.store.cdrs.set(record.id, record);
  await pusher.push({
    module: 'cdrs',
    method: 'POST',
    path: '',
    body: { schema: cdrSchema, value: record },
  });
  return record;
}
