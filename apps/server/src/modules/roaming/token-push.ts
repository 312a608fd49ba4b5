import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { OcpiToken } from '@evcharge/api/ocpi/types';
import { ocpiCall } from './client';
import { callTarget, endpointOf, type RoamingDeps } from './credentials';
import { registeredPartners } from './repo';
import { driverToken } from './tokens';
import { driverTokenOfTagId, driverTokensOfUser } from './tokens-repo';

// OCPI 2.2.1 §12.1.1 push model, our side as eMSP (§12.2.1.2 PUT at the partner's Receiver): a driver's tag was bound, blocked, unblocked or
// deleted, or the account was blocked or deleted; every partner with a Tokens RECEIVER gets the
// token whole (PUT, valid false once it may no longer charge), in the background of the
// driver's request. The pushes go out one after another, in the order of the changes, so a
// partner hears the last state last. A partner that misses one catches up at its next pull.

export type TokenPushes = {
  /** A tag changed (bound, blocked, unblocked, deleted). */
  tagChanged(rfidTagId: string): void;
  /** An account changed (blocked, unblocked): all its tokens. */
  accountChanged(userId: string): void;
  /**
   * An account is about to be deleted (its tags go with it): its tokens as they are now, and
   * the push of them, no longer valid, to call once the deletion is done.
   */
  accountClosing(userId: string): Promise<() => void>;
  /** Resolves when the pushes in flight are done (tests, shutdown). */
  settled(): Promise<void>;
};

export function tokenPushes(deps: RoamingDeps, log: FastifyBaseLogger): TokenPushes {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  const send = async (tokens: readonly OcpiToken[]) => {
    if (tokens.length === 0) return;
    const partners = (await registeredPartners(deps.db)).filter(
      (partner) => partner.outboundToken && endpointOf(partner, 'tokens', 'RECEIVER'),
    );
    for (const partner of partners) {
      const target = callTarget(deps, partner.outboundToken!, partner);
      const base = endpointOf(partner, 'tokens', 'RECEIVER')!.replace(/\/$/, '');
      for (const token of tokens) {
        const url = `${base}/${token.country_code}/${token.party_id}/${encodeURIComponent(token.uid)}?type=${token.type}`;
        await ocpiCall(target, { method: 'PUT', url, body: token, data: z.unknown() }).catch(
          (error: unknown) =>
            log.warn({ partner: partner.name, err: error }, 'roaming token push failed'),
        );
      }
    }
  };

  const enqueue = (work: () => Promise<void>) => {
    pending++;
    queue = queue
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'roaming token push failed'))
      .finally(() => {
        pending--;
      });
  };

  return {
    tagChanged(rfidTagId) {
      enqueue(async () => {
        const row = await driverTokenOfTagId(deps.db, rfidTagId);
        if (row) await send([driverToken(deps, row)]);
      });
    },
    accountChanged(userId) {
      enqueue(async () => {
        const rows = await driverTokensOfUser(deps.db, userId);
        await send(rows.map((row) => driverToken(deps, row)));
      });
    },
    async accountClosing(userId) {
      const rows = await driverTokensOfUser(deps.db, userId);
      return () =>
        enqueue(async () => {
          const at = new Date();
          await send(
            rows.map((row) => driverToken(deps, { ...row, isDeleted: true, lastUpdated: at })),
          );
        });
    },
    async settled() {
      while (pending > 0) await queue;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Token pushes to roaming partners in flight (tests wait for them to settle). */
    roamingTokens: TokenPushes;
  }
}
