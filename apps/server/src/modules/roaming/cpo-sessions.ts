import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  cdr as cdrSchema,
  ocpiDateTime,
  session as sessionSchema,
  type OcpiCdr,
  type OcpiSession,
  type OcpiSessionStatus,
} from '@evcharge/api/ocpi/types';
import { isoCode, type Currency } from '@evcharge/domain/currency';
import type { SessionStatus } from '@evcharge/domain/charging';
import { ocpiCall } from './client';
import { callTarget, endpointOf, type RoamingDeps } from './credentials';
import {
  cpoSessionPage,
  markCdrSent,
  markSessionSent,
  partnerOfAccount,
  partnersWithUnsent,
  sessionsToSend,
  type CpoSessionRow,
} from './cpo-sessions-repo';
import { standardOfSocket } from './mapping';
import { alpha3, evseIdOf, type Page } from './publish';
import { findPartner } from './repo';

// SPEC §1 roaming, our side as CPO: a partner's driver charges at our station (sessions
// tag-start.ts, partner-driver.ts) and the partner hears of it as OCPI 2.2.1 asks: the Session
// whole (PUT, §9.2.2.2) each time it changes, then its CDR (POST, §10.2.2.2) once it is final
// and billed. What was sent is marked on the session, so a partner that was unreachable gets
// it at the next try (a sweep), and can pull both lists any time (§9.2.1.1, §10.2.1.1).

const hours = (ms: number) => Math.round((ms / 3_600_000) * 10_000) / 10_000;
const kwh = (wh: number) => Math.round(wh) / 1000;

/** §9.4.1 SessionStatus of ours. */
export function ocpiSessionStatus(status: SessionStatus): OcpiSessionStatus {
  if (status === 'preparing') return 'PENDING';
  if (status === 'success') return 'COMPLETED';
  if (status === 'cancelled') return 'INVALID';
  return 'ACTIVE';
}

function costOf(deps: Pick<RoamingDeps, 'brand'>, row: CpoSessionRow) {
  const vat = deps.brand.seller.vatRatePercent ?? 0;
  const incl = row.costMinor / 100;
  return { excl_vat: Math.round((incl / (1 + vat / 100)) * 10_000) / 10_000, incl_vat: incl };
}

function driverOf(row: CpoSessionRow) {
  const driver = row.driver!;
  return {
    cdr_token: {
      country_code: driver.countryCode,
      party_id: driver.partyId,
      uid: driver.uid,
      type: driver.type,
      contract_id: driver.contractId,
    },
    auth_method: driver.authMethod,
    ...(driver.authorizationReference
      ? { authorization_reference: driver.authorizationReference }
      : {}),
  };
}

const startOf = (row: CpoSessionRow) => row.startedAt ?? row.createdAt;

function periodsOf(row: CpoSessionRow, end: Date) {
  const chargingEnd = row.parkingStartedAt ?? end;
  const tariff = row.tariffId ? { tariff_id: row.tariffId } : {};
  return [
    {
      start_date_time: ocpiDateTime(startOf(row)),
      dimensions: [
        { type: 'ENERGY' as const, volume: kwh(row.energyWh) },
        { type: 'TIME' as const, volume: hours(chargingEnd.getTime() - startOf(row).getTime()) },
      ],
      ...tariff,
    },
    ...(row.parkingStartedAt && end > row.parkingStartedAt
      ? [
          {
            start_date_time: ocpiDateTime(row.parkingStartedAt),
            dimensions: [
              { type: 'PARKING_TIME' as const, volume: hours(end.getTime() - row.parkingStartedAt.getTime()) },
            ],
            ...tariff,
          },
        ]
      : []),
  ];
}

/** §9.3.1 Session: a partner's driver's session at our station as it stands. */
export function ourSession(deps: Pick<RoamingDeps, 'config' | 'brand'>, row: CpoSessionRow): OcpiSession {
  const { countryCode, partyId } = deps.config.ocpi;
  const isOver = row.status === 'success' || row.status === 'cancelled';
  return sessionSchema.parse({
    country_code: countryCode,
    party_id: partyId,
    id: row.id,
    start_date_time: ocpiDateTime(startOf(row)),
    ...(isOver && row.stoppedAt ? { end_date_time: ocpiDateTime(row.stoppedAt) } : {}),
    kwh: kwh(row.energyWh),
    ...driverOf(row),
    location_id: row.stationCode,
    evse_uid: row.connectorId,
    connector_id: '1',
    currency: isoCode(row.currency as Currency),
    total_cost: costOf(deps, row),
    status: ocpiSessionStatus(row.status),
    last_updated: ocpiDateTime(row.updatedAt),
  });
}

/** §10.4.1 CDR of a final session: what the partner owes for its driver's charge. */
export function ourCdr(deps: Pick<RoamingDeps, 'config' | 'brand'>, row: CpoSessionRow): OcpiCdr {
  const { countryCode, partyId } = deps.config.ocpi;
  const end = row.stoppedAt ?? row.updatedAt;
  const isDc = row.currentType === 'DC';
  return cdrSchema.parse({
    country_code: countryCode,
    party_id: partyId,
    id: row.id,
    start_date_time: ocpiDateTime(startOf(row)),
    end_date_time: ocpiDateTime(end),
    session_id: row.id,
    ...driverOf(row),
    cdr_location: {
      id: row.stationCode,
      name: row.stationName,
      address: row.address.slice(0, 45),
      city: row.city.slice(0, 45),
      country: alpha3[row.country] ?? 'RUS',
      coordinates: { latitude: row.lat.toFixed(6), longitude: row.lng.toFixed(6) },
      evse_uid: row.connectorId,
      evse_id: evseIdOf(countryCode, partyId, row.stationCode, row.connectorNumber),
      connector_id: '1',
      connector_standard: standardOfSocket[row.socketType],
      connector_format: isDc ? 'CABLE' : 'SOCKET',
      connector_power_type: isDc ? 'DC' : 'AC_3_PHASE',
    },
    currency: isoCode(row.currency as Currency),
    charging_periods: periodsOf(row, end),
    total_cost: costOf(deps, row),
    total_energy: kwh(row.energyWh),
    total_time: hours(end.getTime() - startOf(row).getTime()),
    ...(row.parkingStartedAt
      ? { total_parking_time: hours(end.getTime() - row.parkingStartedAt.getTime()) }
      : {}),
    last_updated: ocpiDateTime(row.updatedAt),
  });
}

/** §9.2.1.1 GET list: the calling partner's drivers' sessions changed in [dateFrom, dateTo). */
export async function ourSessions(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  partnerId: string,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<Page<OcpiSession>> {
  const page = await cpoSessionPage(deps.db, partnerId, { ...query, isFinal: false });
  return { total: page.total, items: page.rows.map((row) => ourSession(deps, row)) };
}

/** §10.2.1.1 GET list: the calling partner's CDRs, by when they were last updated. */
export async function ourCdrs(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  partnerId: string,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<Page<OcpiCdr>> {
  const page = await cpoSessionPage(deps.db, partnerId, { ...query, isFinal: true });
  return { total: page.total, items: page.rows.map((row) => ourCdr(deps, row)) };
}

export type CpoSessionPushes = {
  /** A driver's sessions changed (the charge event bus): a partner's account sends them on. */
  userNotified(userId: string): void;
  /** Sends what every partner was not sent yet (the sweep; tests). */
  sweep(): Promise<void>;
  /** Resolves when the sends in flight are done (tests, shutdown). */
  settled(): Promise<void>;
};

const BATCH = 100;

export function cpoSessionPushes(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  log: FastifyBaseLogger,
): CpoSessionPushes {
  // Whose account a user id is never changes: a partner's, or none (most drivers).
  const partnerOfUser = new Map<string, string | null>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const send = async (partnerId: string) => {
    const partner = await findPartner(deps.db, partnerId);
    if (!partner || partner.status !== 'registered' || !partner.outboundToken) return;
    const target = callTarget(deps, partner.outboundToken, partner);
    const sessionsUrl = endpointOf(partner, 'sessions', 'RECEIVER')?.replace(/\/$/, '');
    const cdrsUrl = endpointOf(partner, 'cdrs', 'RECEIVER')?.replace(/\/$/, '');
    const { countryCode, partyId } = deps.config.ocpi;
    for (let round = 0; round < 50; round++) {
      const rows = await sessionsToSend(deps.db, partnerId, BATCH);
      let progressed = false;
      for (const row of rows) {
        try {
          const isStale = row.ocpiSentAt === null || row.updatedAt > row.ocpiSentAt;
          // A start the partner never heard of and that never began is nothing to tell.
          const isSilent = row.status === 'cancelled' && row.ocpiSentAt === null;
          if (isStale && sessionsUrl && !isSilent)
            await ocpiCall(target, {
              method: 'PUT',
              url: `${sessionsUrl}/${countryCode}/${partyId}/${row.id}`,
              body: ourSession(deps, row),
              data: z.unknown(),
            });
          if (isStale) await markSessionSent(deps.db, row.id, row.updatedAt);
          if (row.status === 'success' && row.ocpiCdrSentAt === null) {
            // A partner without a CDRs receiver pulls them (§10.2.1.1).
            if (cdrsUrl)
              await ocpiCall(target, { method: 'POST', url: cdrsUrl, body: ourCdr(deps, row), data: z.unknown() });
            await markCdrSent(deps.db, row.id, new Date());
          }
          progressed = true;
        } catch (error) {
          log.warn({ partner: partner.name, session: row.id, err: error }, 'roaming session send failed');
        }
      }
      if (rows.length < BATCH || !progressed) return;
    }
  };

  const schedule = (partnerId: string) => {
    if (running.has(partnerId)) {
      again.add(partnerId);
      return;
    }
    const work = (async () => {
      do {
        again.delete(partnerId);
        await send(partnerId).catch((error: unknown) =>
          log.error({ err: error }, 'roaming session send failed'),
        );
      } while (again.has(partnerId));
    })().finally(() => running.delete(partnerId));
    running.set(partnerId, work);
  };

  const lookUp = async (userId: string) => {
    let partnerId = partnerOfUser.get(userId);
    if (partnerId === undefined) {
      partnerId = await partnerOfAccount(deps.db, userId);
      if (partnerOfUser.size > 50_000) partnerOfUser.clear();
      partnerOfUser.set(userId, partnerId);
    }
    if (partnerId) schedule(partnerId);
  };
  const lookingUp = new Set<Promise<void>>();

  return {
    userNotified(userId) {
      const known = partnerOfUser.get(userId);
      if (known === null) return;
      if (known) return schedule(known);
      const work = lookUp(userId)
        .catch((error: unknown) => log.warn({ err: error }, 'roaming partner account lookup failed'))
        .finally(() => lookingUp.delete(work));
      lookingUp.add(work);
    },
    async sweep() {
      for (const partnerId of await partnersWithUnsent(deps.db)) schedule(partnerId);
      await this.settled();
    },
    async settled() {
      while (lookingUp.size > 0 || running.size > 0)
        await Promise.all([...lookingUp, ...running.values()]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Partners' drivers' sessions and CDRs on their way to the partners (tests wait for them). */
    roamingSessions: CpoSessionPushes;
  }
}
