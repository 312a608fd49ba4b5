import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, type Contract } from '@evcharge/api/contract';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../db/client';
import {
  claimIdempotencyKey,
  deleteIdempotencyKey,
  deleteIdempotencyKeyCreatedBefore,
  deleteIdempotencyKeysCreatedBefore,
  findIdempotencyKey,
  recordIdempotentAnswer,
  type IdempotencyKeyRow,
} from './idempotency-repo';

// Requests that move money carry an `Idempotency-Key` (the acquirers' semantics, e.g. Stripe):
// the first request of a driver with a key on an endpoint claims a row (a unique index decides
// between concurrent ones), runs, and its answer (status and body) is kept; a repeat answers
// that answer and runs nothing, a repeat while the first still runs waits for its answer, and
// the same key with another request is refused. A 5xx keeps nothing: the key may be used again.

/** How long a key holds (the acquirers' 24 h); the sweep deletes older ones. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** Printable ASCII without spaces, as acquirers take it (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADER = 'idempotent-replayed';

type Claim = { id: string; signal: string };
type Row = IdempotencyKeyRow;

export type IdempotencyOptions = {
  /** How long a repeat waits for the first request's answer before answering 409. */
  waitMs: number;
  /** How often a waiting repeat reads the row (the first may run on another instance). */
  pollMs: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyKeys: ReturnType<typeof idempotencyStore>;
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

function requestHash(request: FastifyRequest): string {
  const { params, query, body } = request as { params?: unknown; query?: unknown; body?: unknown };
  const text = JSON.stringify(canonical({ params, query, body }) ?? null);
  return createHash('sha256').update(text).digest('hex');
}

function keyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const fail = (why: string) =>
    new AppError('VALIDATION_FAILED', { fields: [{ path: IDEMPOTENCY_KEY_HEADER, rule: why }] });
  if (value === undefined || value === '') throw fail(rule.required);
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw fail(rule.invalid);
  return value;
}

function replay(reply: FastifyReply, row: Row & { status: number }) {
  return reply
    .code(row.status)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(row.body ?? '');
}

const isAnswered = (row: Row | undefined): row is Row & { status: number } =>
  row?.status !== null && row?.status !== undefined;

export function idempotencyStore(db: Db, options: IdempotencyOptions) {
  const claims = new WeakMap<FastifyRequest, Claim>();
  /** Repeats waiting on this instance, woken when the answer is kept. */
  const waiters = new Map<string, Set<() => void>>();

  const wake = (signal: string) => {
    for (const resolve of waiters.get(signal) ?? []) resolve();
    waiters.delete(signal);
  };

  const read = (userId: string, endpoint: string, key: string) =>
    findIdempotencyKey(db, { userId, endpoint, key });

  async function answerOf(signal: string, userId: string, endpoint: string, key: string) {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const row = await read(userId, endpoint, key);
      if (!row || isAnswered(row)) return row;
      const left = deadline - Date.now();
      if (left <= 0) return row;
      await new Promise<void>((resolve) => {
        const set = waiters.get(signal) ?? new Set();
        waiters.set(signal, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, options.pollMs));
        set.add(done);
      });
    }
  }

  /** preHandler of an idempotent route: claims the key, or answers the kept answer. */
  async function claim(contract: Contract, request: FastifyRequest, reply: FastifyReply) {
    const userId = request.auth?.user.id;
    if (!userId) throw new AppError('UNAUTHORIZED');
    const key = keyOf(request);
    const endpoint = `${contract.method} ${contract.path}`;
    const hash = requestHash(request);
    const signal = `${userId} ${endpoint} ${key}`;
    for (;;) {
      // A key older than its lifetime is free again, whether the sweep came by or not.
      await deleteIdempotencyKeyCreatedBefore(
        db,
        { userId, endpoint, key },
        new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS),
      );
      const claimed = await claimIdempotencyKey(db, { userId, endpoint, key, requestHash: hash });
      if (claimed) {
        claims.set(request, { id: claimed.id, signal });
        return;
      }
      const first = await read(userId, endpoint, key);
      if (!first) continue; // the first failed with a 5xx a moment ago: claim it again
      if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const row = await answerOf(signal, userId, endpoint, key);
      if (!row) continue;
      if (!isAnswered(row)) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      return replay(reply, row);
    }
  }

  /** onSend of an idempotent route: keeps the first answer (a 5xx frees the key instead). */
  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const owned = claims.get(request);
    if (!owned) return payload;
    claims.delete(request);
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload) && !reply.getHeader('content-encoding')
          ? payload.toString('utf8')
          : undefined;
    try {
      if (reply.statusCode >= 500 || body === undefined) await deleteIdempotencyKey(db, owned.id);
      else
        await recordIdempotentAnswer(db, owned.id, {
          status: reply.statusCode,
          body,
          answeredAt: new Date(),
        });
    } finally {
      wake(owned.signal);
    }
    return payload;
  }

  return { claim, keep };
}

/** Deletes keys past their lifetime (the session sweep calls it). */
export async function sweepIdempotencyKeys(db: Db, now = new Date()) {
  await deleteIdempotencyKeysCreatedBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  options: IdempotencyOptions = { waitMs: 90_000, pollMs: 250 },
): void {
  app.decorate('idempotencyKeys', idempotencyStore(db, options));
}
