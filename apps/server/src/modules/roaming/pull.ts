import type { FastifyBaseLogger } from 'fastify';
import { location, ocpiDateTime, tariff } from '@evcharge/api/ocpi/types';
import { runEvery } from '../../repeat';
import { ocpiPull } from './client';
import { callTarget, endpointOf, registerWith, type RoamingDeps } from './credentials';
import { LocationRefusal, storeLocation } from './locations';
import { findPartner, registeredPartners, updatePartnerFrom } from './repo';
import { storeTariff } from './tariffs';

// OCPI 2.2.1 §8.2.1 and §11.2.1: we pull a partner's tariffs and locations (the SENDER
// interface), the first time whole, then what changed since our last complete pull
// (date_from); pushes keep them current in between. A pull that fails part way is repeated
// from the same point next time: nothing is marked pulled that was not.

export type PullOutcome = { tariffs: number; locations: number; invalid: number };

function withDateFrom(url: string, from: Date | null): string {
  if (!from) return url;
  const next = new URL(url);
  next.searchParams.set('date_from', ocpiDateTime(from));
  return next.toString();
}

export async function pullPartner(
  deps: RoamingDeps,
  partnerId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<PullOutcome> {
  const partner = await findPartner(deps.db, partnerId);
  if (!partner || partner.status !== 'registered' || !partner.outboundToken)
    return { tariffs: 0, locations: 0, invalid: 0 };
  const target = callTarget(deps, partner.outboundToken, partner);
  const outcome: PullOutcome = { tariffs: 0, locations: 0, invalid: 0 };
  const invalid = (problem: string) => {
    outcome.invalid++;
    log.warn({ partner: partner.name, problem }, 'roaming partner sent an invalid object');
  };
  // An object the rules refuse (another party's) is skipped like an invalid one.
  const refused = (error: unknown) => {
    if (!(error instanceof LocationRefusal)) throw error;
    invalid(error.message);
  };

  // Tariffs first: the locations' connectors name them.
  const tariffsUrl = endpointOf(partner, 'tariffs', 'SENDER');
  if (tariffsUrl) {
    const startedAt = new Date();
    outcome.tariffs = await ocpiPull(
      target,
      withDateFrom(tariffsUrl, partner.tariffsPulledAt),
      tariff,
      async (value) => {
        await storeTariff(deps, partner, value).catch(refused);
      },
      invalid,
    );
    await updatePartnerFrom(deps.db, partner.id, ['registered'], { tariffsPulledAt: startedAt });
  }
  const locationsUrl = endpointOf(partner, 'locations', 'SENDER');
  if (locationsUrl) {
    const startedAt = new Date();
    outcome.locations = await ocpiPull(
      target,
      withDateFrom(locationsUrl, partner.locationsPulledAt),
      location,
      async (value) => {
        await storeLocation(deps, partner, value).catch(refused);
      },
      invalid,
    );
    await updatePartnerFrom(deps.db, partner.id, ['registered'], { locationsPulledAt: startedAt });
  }
  return outcome;
}

/** Every registered partner, one after another; a partner that fails is tried again next time. */
export async function pullAll(deps: RoamingDeps, log: FastifyBaseLogger): Promise<void> {
  for (const partner of await registeredPartners(deps.db)) {
    try {
      await pullPartner(deps, partner.id, log);
    } catch (error) {
      log.warn({ partner: partner.name, err: error }, 'roaming pull failed');
    }
  }
}

/**
 * OCPI_REGISTER_WITH: the partners to register with at start (§7.2.1), each once; a partner not
 * answering yet is tried again after `sleep`. A new partner's tariffs and locations are
 * pulled at once.
 */
async function registerConfigured(
  deps: RoamingDeps,
  log: FastifyBaseLogger,
  isStopped: () => boolean,
  sleep: () => Promise<void>,
): Promise<void> {
  const waiting = [...deps.config.ocpi.registerWith];
  while (waiting.length > 0 && !isStopped()) {
    for (const { versionsUrl, tokenA } of [...waiting]) {
      const known = (await registeredPartners(deps.db)).find((p) => p.versionsUrl === versionsUrl);
      try {
        const partner = known ?? (await registerWith(deps, versionsUrl, tokenA));
        if (!known) log.info({ partner: partner.name, versionsUrl }, 'registered with roaming partner');
        waiting.splice(waiting.findIndex((w) => w.versionsUrl === versionsUrl), 1);
        if (!known) await pullPartner(deps, partner.id, log);
      } catch (error) {
        log.warn({ versionsUrl, err: error }, 'roaming registration failed; trying again');
      }
    }
    if (waiting.length > 0) await sleep();
  }
}

/**
 * Registers with the configured partners, then pulls every OCPI_PULL_MINUTES until the returned
 * stop is called.
 */
export function startRoamingPull(deps: RoamingDeps, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let wake = () => {};
  // A partner not answering yet is asked again ten seconds later; stopping wakes the wait.
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const registering = registerConfigured(deps, log, () => stopped, sleep).catch((error: unknown) =>
    log.error({ err: error }, 'roaming registration failed'),
  );
  const stopEvery = runEvery(deps.config.ocpi.pullMinutes * 60, () => pullAll(deps, log), log, 'roaming pull');
  return async () => {
    stopped = true;
    wake();
    await stopEvery();
    await registering;
  };
}
