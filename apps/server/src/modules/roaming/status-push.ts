import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import { ocpiCall, OcpiCallError } from './client';
import { callTarget, endpointOf, type RoamingDeps } from './credentials';
import { evseStatusOf, ourLocation } from './publish';
import { isPublishedStation } from './publish-repo';
import { partnersVersion, registeredPartners } from './repo';
import { ocpiDateTime, statusCodes } from '@evcharge/api/ocpi/types';

// OCPI 2.2.1 §8.2.2.3, CPO side: a connector of ours changed status; every partner with a
// Locations RECEIVER hears it as a PATCH of the EVSE, in the background of the charge point's
// message. A partner that misses one catches up at its next pull (date_from: the status time).

export type StatusPushes = {
  statusChanged(stationId: string, connectorIds: readonly string[], status: ConnectorStatus, at: Date): void;
  /** Resolves when the pushes in flight are done (tests, shutdown). */
  settled(): Promise<void>;
};

/** How long the list of partners to tell is read once for every status change. */
const PARTNERS_KEPT_MS = 10_000;

export function statusPushes(deps: RoamingDeps, log: FastifyBaseLogger): StatusPushes {
  const inFlight = new Set<Promise<void>>();
  // A busy network changes statuses many times a second: the partners are read once in a
  // while, not per change, and again whenever a partner changed here (on another instance,
// within PARTNERS_KEPT_MS; a partner registered there pulls our Locations at registration).
  let kept:
    | { at: number; version: number; partners: Promise<Awaited<ReturnType<typeof registeredPartners>>> }
    | undefined;
  const receivers = () => {
    const now = Date.now();
    const version = partnersVersion();
    if (!kept || kept.version !== version || now - kept.at > PARTNERS_KEPT_MS) {
      const partners = registeredPartners(deps.db);
      kept = { at: now, version, partners };
      partners.catch(() => {
        kept = undefined;
      });
    }
    return kept.partners;
  };
  const push = async (stationId: string, connectorIds: readonly string[], status: ConnectorStatus, at: Date) => {
    const partners = (await receivers()).filter(
      (partner) => partner.outboundToken && endpointOf(partner, 'locations', 'RECEIVER'),
    );
    if (partners.length === 0) return;
    const code = await isPublishedStation(deps.db, stationId);
    if (!code) return;
    const { countryCode, partyId } = deps.config.ocpi;
    for (const partner of partners) {
      const target = callTarget(deps, partner.outboundToken!, partner);
      const locationUrl = `${endpointOf(partner, 'locations', 'RECEIVER')}/${countryCode}/${partyId}/${encodeURIComponent(code)}`;
      try {
        for (const connectorId of connectorIds) {
          await ocpiCall(target, {
            method: 'PATCH',
            url: `${locationUrl}/${connectorId}`,
            body: { status: evseStatusOf(status), last_updated: ocpiDateTime(at) },
            data: z.unknown(),
          });
        }
      } catch (error) {
        // A partner that does not hold the Location yet (2003) gets it whole (§8.2.2.2 PUT).
        if (!(error instanceof OcpiCallError) || error.statusCode !== statusCodes.unknownLocation) {
          log.warn({ partner: partner.name, err: error }, 'roaming status push failed');
          continue;
        }
        const location = await ourLocation(deps, code);
        if (!location) continue;
        await ocpiCall(target, { method: 'PUT', url: locationUrl, body: location, data: z.unknown() }).catch(
          (failure: unknown) => log.warn({ partner: partner.name, err: failure }, 'roaming location push failed'),
        );
      }
    }
  };
  return {
    statusChanged(stationId, connectorIds, status, at) {
      const work = push(stationId, connectorIds, status, at)
        .catch((error: unknown) => log.error({ err: error }, 'roaming status push failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Status pushes to roaming partners in flight (tests wait for them to settle). */
    roamingStatus: StatusPushes;
  }
}
