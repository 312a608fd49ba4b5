import { createHash, randomBytes } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingAsyncHookHandler,
  preParsingHookHandler,
  RequestPayload,
} from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import type { users } from '../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type Auth = { user: UserRow; tokenId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** Set instead of `auth` on routes held open (`requireUserId`): the signed-in user's id. */
    authUserId: string | null;
    /** With `authUserId`: the user's staff role, if any (the support console's poll). */
    authStaffRole: UserRow['staffRole'];
  }
  interface FastifyInstance {
    /** The signed-in user behind a bearer token (set up by `registerAuth`). */
    authenticateToken: (token: string | undefined) => Promise<Authenticated>;
    /**
     * The same, remembered for AUTH_CACHE_MS: for read-heavy routes only. A remembered token
     * is answered at once, without a promise.
     */
    authenticateTokenCached: (token: string | undefined) => Authenticated | Promise<Authenticated>;
    /** `authenticateToken` for the user's id alone, checked against the database each time. */
    authenticateTokenUserId: (token: string | undefined) => Promise<AuthenticatedId>;
  }
}

// 32 random bytes, base64url: 43 characters. Only the SHA-256 is stored.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// Writing last_used_at on every request would turn each read into a write. Against an idle
// lifetime counted in days (SESSION_IDLE_DAYS), ten minutes of resolution end a session at most
// ten minutes early, and a driver's open long polls (renewed every half minute or so) and the
// moving map write once in ten minutes instead of every minute.
const LAST_USED_RESOLUTION_SECONDS = 600;

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] && TOKEN_PATTERN.test(match[1]) ? match[1] : undefined;
}

/** How long a session lives (config.ts SESSION_*): from sign-in, and since its last use. */
export type SessionLimits = { absoluteDays: number; idleDays: number; now: () => Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A token past its lifetime: 401 SESSION_EXPIRED, so the app can say why it signs out. */
export const EXPIRED = 'expired';
export type Authenticated = Auth | typeof EXPIRED | null;

/**
 * The stored side of bearer tokens, handed in by app.ts (plugins import no module): the live
 * token with its live user by the token's SHA-256, and the record of its last use.
 */
export type TokenSessions = {
  find: (
    tokenHash: string,
  ) => Promise<{ user: UserRow; tokenId: string; createdAt: Date; lastUsedAt: Date } | undefined>;
  /**
   * The same live token (not revoked, its user not deleted) with its user's id alone: for
   * routes that hold the request open and need no more (the long polls, asked again every
   * few seconds by every driver), so neither the lookup nor the open request carries the row.
   */
  findUserId: (tokenHash: string) => Promise<
    | {
        userId: string;
        staffRole: UserRow['staffRole'];
        tokenId: string;
        createdAt: Date;
        lastUsedAt: Date;
      }
    | undefined
  >;
  touch: (tokenId: string, at: Date) => Promise<void>;
};

type SessionRow = { tokenId: string; createdAt: Date; lastUsedAt: Date };

/**
 * The signed-in user behind a bearer token; null for a missing, unknown or revoked one, and
 * EXPIRED past the absolute lifetime or the idle timeout (OWASP ASVS 3.3.1, 3.3.2).
 */
export async function authenticate(
  sessions: TokenSessions,
  limits: SessionLimits,
  token: string | undefined,
): Promise<Authenticated> {
  if (!token) return null;
  const row = await liveSession(sessions, limits, await sessions.find(sha256(token)));
  return row && row !== EXPIRED ? { user: row.user, tokenId: row.tokenId } : row;
}

/**
 * The signed-in user's id (and staff role) behind a bearer token: `authenticate` without the
 * user's row.
 */
export type AuthenticatedId =
  { userId: string; staffRole: UserRow['staffRole']; tokenId: string } | typeof EXPIRED | null;

export async function authenticateUserId(
  sessions: TokenSessions,
  limits: SessionLimits,
  token: string | undefined,
): Promise<AuthenticatedId> {
  if (!token) return null;
  const row = await liveSession(sessions, limits, await sessions.findUserId(sha256(token)));
  return row && row !== EXPIRED
    ? { userId: row.userId, staffRole: row.staffRole, tokenId: row.tokenId }
    : row;
}

/** A found token within its lifetimes (its last use recorded), EXPIRED past them. */
async function liveSession<R extends SessionRow>(
  sessions: TokenSessions,
  limits: SessionLimits,
  row: R | undefined,
): Promise<R | typeof EXPIRED | null> {
  if (!row) return null;
  const now = limits.now();
  if (
    now.getTime() - row.createdAt.getTime() > limits.absoluteDays * DAY_MS ||
    now.getTime() - row.lastUsedAt.getTime() > limits.idleDays * DAY_MS
  ) {
    return EXPIRED;
  }
  if (now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_SECONDS * 1000) {
    await sessions.touch(row.tokenId, now);
  }
  return row;
}

/**
 * How long a read-heavy route (the station list and map, polled as the map moves) trusts a
 * token it has seen without asking the database again. Revoking a token (logout, password
 * change) reaches such routes within this time; every other route checks each request.
 */
export const AUTH_CACHE_MS = 5000;
const AUTH_CACHE_MAX_ENTRIES = 10_000;

function cachedAuthenticator(sessions: TokenSessions, limits: SessionLimits) {
  const cache = new Map<string, { auth: Auth; until: number }>();
  const remember = async (token: string, now: number): Promise<Authenticated> => {
    const auth = await authenticate(sessions, limits, token);
    cache.delete(token);
    if (auth && auth !== EXPIRED) {
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= AUTH_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(token, { auth, until: now + AUTH_CACHE_MS });
    }
    return auth;
  };
  // Keyed by the token itself: it lives in this process's memory with every request anyway,
  // and hashing it on each call of the busiest routes was measurable (bench/RESULTS.md).
  return (token: string | undefined): Authenticated | Promise<Authenticated> => {
    if (!token) return null;
    const now = limits.now().getTime();
    const hit = cache.get(token);
    return hit && hit.until > now ? hit.auth : remember(token, now);
  };
}

export function registerAuth(
  app: FastifyInstance,
  sessions: TokenSessions,
  limits: SessionLimits,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authUserId', null);
  app.decorateRequest('authStaffRole', null);
  app.decorate('authenticateToken', (token: string | undefined) =>
    authenticate(sessions, limits, token),
  );
  app.decorate('authenticateTokenUserId', (token: string | undefined) =>
    authenticateUserId(sessions, limits, token),
  );
  app.decorate('authenticateTokenCached', cachedAuthenticator(sessions, limits));
}

function signedInOrThrow<A extends object>(auth: A | typeof EXPIRED | null): A {
  if (auth === EXPIRED) throw new AppError('SESSION_EXPIRED');
  if (!auth) throw new AppError('UNAUTHORIZED');
  return auth;
}

/**
 * preParsing hooks, so they run before the body is even parsed: a `user` route answers 401
 * without a valid token before it looks at anything else (DESIGN.md API paths).
 */
export const requireUser: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  request.auth = signedInOrThrow(await request.server.authenticateToken(bearerToken(request)));
  return payload;
};

/**
 * `requireUser` for routes held open (long polls): the same check against the database on
 * every request, so a revoked token is refused at its next poll, but only the user's id is
 * read and kept with the request (`request.authUserId`).
 */
export const requireUserId: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const { userId, staffRole } = signedInOrThrow(
    await request.server.authenticateTokenUserId(bearerToken(request)),
  );
  request.authUserId = userId;
  request.authStaffRole = staffRole;
  return payload;
};

/**
 * `requireUser` through the short token cache (AUTH_CACHE_MS), for read-heavy routes; a
 * callback hook, so a remembered token costs no promise.
 */
export const requireUserCached: preParsingHookHandler = (request, _reply, payload, done) => {
  const found = request.server.authenticateTokenCached(bearerToken(request));
  if (found instanceof Promise) {
    found.then(
      (auth) => signedInOr401(request, auth, payload, done),
      (error: Error) => done(error),
    );
  } else {
    signedInOr401(request, found, payload, done);
  }
};

function signedInOr401(
  request: FastifyRequest,
  auth: Authenticated,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  try {
    request.auth = signedInOrThrow(auth);
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, payload);
}

/**
 * Public routes still know the caller when a valid token comes along. A callback hook: most
 * callers of public routes are visitors without a token, and they should not pay for a
 * promise.
 */
export const optionalUser: preParsingHookHandler = (request, _reply, payload, done) => {
  const token = bearerToken(request);
  if (!token) {
    request.auth = null;
    done(null, payload);
    return;
  }
  request.server.authenticateToken(token).then(
    (auth) => {
      // An expired token on a public route: answered as to a visitor.
      request.auth = auth === EXPIRED ? null : auth;
      done(null, payload);
    },
    (error: Error) => done(error),
  );
};
