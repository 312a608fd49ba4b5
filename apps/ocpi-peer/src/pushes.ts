import type { z } from 'zod';
import { ocpiDateTime, type ModuleId } from '@evcharge/api/ocpi/types';
import { callOcpi, OcpiCallError } from './client';
import type { PeerDeps } from './context';
import { partyOf } from './credentials';

// The peer as SENDER pushing its changes to the partner's RECEIVER endpoints (OCPI 2.2.1
// §8.2.2 Locations, §9.2.2 Sessions, §10.2.2 CDRs, §11.2.2 Tariffs) with the partner's token.
// The faults duplicatePushes / reorderPushes play a network that repeats or reorders them.
// A failed push is logged, not thrown: the partner can always pull (§4.1 "Pull is required").

export type Push = {
  module: ModuleId;
  method: 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** Appended to the partner's RECEIVER endpoint URL: '/FI/NCH/NCH-HEL-001', or '' */
  path: string;
  body?: { schema: z.ZodType; value: unknown };
};

export type Pusher = {
  push(push: Push): Promise<void>;
  /** Sends a push held back by reorderPushes. */
  flush(): Promise<void>;
};

export function createPusher(deps: PeerDeps): Pusher {
  let held: Push | undefined;

  async function sendOnce(push: Push) {
    const partner = deps.store.partner;
    const endpoint = partner?.endpoints.find(
      (e) => e.identifier === push.module && e.role === 'RECEIVER',
    );
    if (!partner || !endpoint) return;
    const url = `${endpoint.url.replace(/\/$/, '')}${push.path}`;
    const entry = {
      method: push.method,
      url,
      body: push.body?.value,
      at: ocpiDateTime(deps.now()),
    };
    try {
      const answer = await callOcpi(deps, {
        method: push.method,
        url,
        token: partner.tokenToCallThem,
        // Tokens go to the partner as CPO (§12.2.1); the rest to it as eMSP.
        to: partyOf(partner, push.module === 'tokens' ? 'CPO' : 'EMSP'),
        ...(push.body ? { body: push.body } : {}),
      });
      deps.pushLog.push({
        ...entry,
        status: answer.httpStatus,
        ocpiStatus: answer.envelope.status_code,
      });
    } catch (error) {
      if (!(error instanceof OcpiCallError)) throw error;
      deps.pushLog.push({
        ...entry,
        status: error.httpStatus,
        ...(error.ocpiStatus === undefined ? {} : { ocpiStatus: error.ocpiStatus }),
      });
    }
  }

  async function send(push: Push) {
    await sendOnce(push);
    if (deps.faults.duplicatePushes) await sendOnce(push);
  }

  return {
    async push(push) {
      if (deps.faults.reorderPushes && !held) {
        held = push;
        return;
      }
      await send(push);
      const late = held;
      held = undefined;
      if (late) await send(late);
    },
    async flush() {
      const late = held;
      held = undefined;
      if (late) await send(late);
    },
  };
}
