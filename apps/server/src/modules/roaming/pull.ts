import type { FastifyBaseLogger } from 'fastify';
import { ocpiDateTime, tariff } from '@evcharge/api/ocpi/types';
import { runEvery } from '../../repeat';
import { ocpiPull } from './client';
import { callTarget, endpointOf, registerWith, type RoamingDeps } from './credentials';
import { LocationRefusal, storeLocation } from './locations';
import { receivedLocation } from './received-location';
import { findPartner, registeredPartners, updatePartnerFrom } from './repo';
import { storeTariff } from './tariffs';

// OCPI 2.2.1 §8.2.1 and §11.2.1: we pull a partner's tariffs and locations (the SENDER
// interface), the first time whole, then what changed since our last complete pull
// (date_from); pushes keep them current in between. A pull that fails part way is repeated
// from the same point next time: nothing is marked pulled that was not. An object we could
// not store (invalid, or refused by our rules) is asked for again at the next pull: the mark
// moves no further than its last_updated (date_from is inclusive).

export type PullOutcome = { tariffs: number; locations: number; invalid: number };

/** An object's `last_updated` as it came, when it can be read. */
function lastUpdatedOf(value: unknown): Date | null {
  const raw = typeof value === 'object' && value !== null ? (value as { last_updated?: unknown }).last_updated : undefined;
  const at = raw instanceof Date ? raw : typeof raw === 'string' ? new Date(raw) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/**
 * Where the next pull of one module starts: this pull's start, or the `last_updated` of the
 * earliest object not stored when that is earlier; where such an object has no readable
 * `last_updated`, the mark stays where it was (the next pull asks for as much again).
 */
export class PullMark {
  private earliestMissed: Date | null = null;
  private isUnreadableMissed = false;

  constructor(private readonly startedAt: Date) {}

  missed(value: unknown): void {
    const at = lastUpdatedOf(value);
    if (!at) this.isUnreadableMissed = true;
    else if (!this.earliestMissed || at < this.earliestMissed) this.earliestMissed = at;
  }

  next(previous: Date | null): Date | null {
    if (this.isUnreadableMissed) return previous;
    return this.earliestMissed && this.earliestMissed < this.startedAt ? this.earliestMissed : this.startedAt;
  }
}

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
  const invalid = (mark: PullMark) => (problem: string, value: unknown) => {
    outcome.invalid++;
    mark.missed(value);
    log.warn({ partner: partner.name, problem }, 'roaming partner sent an invalid object');
  };
  // An object the rules refuse (another party's) is skipped like an invalid one.
  const refused = (mark: PullMark, value: unknown) => (error: unknown) => {
    if (!(error instanceof LocationRefusal)) throw error;
    invalid(mark)(error.message, value);
  };

  // Tariffs first: the locations' connectors name them.
  const tariffsUrl = endpointOf(partner, 'tariffs', 'SENDER');
  if (tariffsUrl) {
    const mark = new PullMark(new Date());
    outcome.tariffs = await ocpiPull(
      target,
      withDateFrom(tariffsUrl, partner.tariffsPulledAt),
      tariff,
      async (value) => {
        await storeTariff(deps, partner, value).catch(refused(mark, value));
      },
      invalid(mark),
    );
    await updatePartnerFrom(deps.db, partner.id, ['registered'], { tariffsPulledAt: mark.next(partner.tariffsPulledAt) });
  }
  const locationsUrl = endpointOf(partner, 'locations', 'SENDER');
  if (locationsUrl) {
    const mark = new PullMark(new Date());
    outcome.locations = await ocpiPull(
      target,
      withDateFrom(locationsUrl, partner.locationsPulledAt),
      receivedLocation((note) => log.warn({ partner: partner.name, note }, 'roaming partner sent a location we mended')),
      async (value) => {
        await storeLocation(deps, partner, value).catch(refused(mark, value));
      },
      invalid(mark),
    );
    await updatePartnerFrom(deps.db, partner.id, ['registered'], { locationsPulledAt: mark.next(partner.locationsPulledAt) });
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
