import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  anyEnvelope,
  authorizationHeader,
  nextLinkOf,
  statusCodes,
} from '@evcharge/api/ocpi/types';

// Calls to a roaming partner (OCPI 2.2.1 §4.1): the token in the Authorization header, a
// request and correlation id, the routing headers (§4.1.4), a time limit, and the answer's
// envelope and data validated against the 2.2.1 objects. Lists follow the Link header
// (§4.1.3) page by page.

/**
 * Why a call to a partner gave nothing usable: `busy` is HTTP 429 (its Retry-After in
 * retryAfterSeconds), `unreadable` an HTTP 2xx whose body cut off or is not JSON.
 */
export type OcpiFailure = 'timeout' | 'unreachable' | 'http' | 'status' | 'invalid' | 'busy' | 'unreadable';

export class OcpiCallError extends Error {
  constructor(
    readonly failure: OcpiFailure,
    message: string,
    readonly httpStatus?: number,
    readonly statusCode?: number,
    /** For `busy`: the seconds the partner's Retry-After asks for, when it gave a readable one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'OcpiCallError';
  }
}

export type CallTarget = {
  token: string;
  timeoutMs: number;
  /** Our party and the partner's (§4.1.4 OCPI-from/to headers), when known. */
  from?: { countryCode: string; partyId: string };
  to?: { countryCode: string | null; partyId: string | null };
};

type Call<Data extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  data: Data;
};

async function send(target: CallTarget, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = {
    authorization: authorizationHeader(target.token),
    'x-request-id': randomUUID(),
    'x-correlation-id': randomUUID(),
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (target.from) {
    headers['ocpi-from-country-code'] = target.from.countryCode;
    headers['ocpi-from-party-id'] = target.from.partyId;
  }
  if (target.to?.countryCode && target.to.partyId) {
    headers['ocpi-to-country-code'] = target.to.countryCode;
    headers['ocpi-to-party-id'] = target.to.partyId;
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(target.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new OcpiCallError('timeout', `${method} ${url}: no answer in ${target.timeoutMs} ms`);
    throw new OcpiCallError('unreachable', `${method} ${url}: ${(error as Error).message}`);
  }
}

/**
 * Retry-After (RFC 9110 §10.2.3, which OCPI 2.2.1 leaves HTTP to): delay-seconds or an
 * HTTP-date; the seconds from `now`, never below 0; undefined when absent or unreadable.
 */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function envelopeOf(response: Response, what: string) {
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    const header = response.headers.get('retry-after');
    throw new OcpiCallError(
      'busy',
      `${what}: HTTP 429, Retry-After ${header ?? 'absent'}`,
      429,
      undefined,
      retryAfterSecondsOf(header),
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    // A 2xx whose body cut off (the connection closed early) or is not JSON at all.
    throw new OcpiCallError(
      response.ok ? 'unreadable' : 'http',
      `${what}: HTTP ${response.status}, not JSON (${(error as Error).message})`,
      response.status,
    );
  }
  const envelope = anyEnvelope.safeParse(json);
  if (!envelope.success)
    throw new OcpiCallError('invalid', `${what}: not an OCPI response`, response.status);
  if (!response.ok || envelope.data.status_code !== statusCodes.success)
    throw new OcpiCallError(
      response.ok ? 'status' : 'http',
      `${what}: HTTP ${response.status}, OCPI ${envelope.data.status_code} ${envelope.data.status_message ?? ''}`.trim(),
      response.status,
      envelope.data.status_code,
    );
  return envelope.data;
}

/** One call; its data validated by `data`. Throws OcpiCallError. */
export async function ocpiCall<Data extends z.ZodType>(
  target: CallTarget,
  call: Call<Data>,
): Promise<z.infer<Data>> {
  const what = `${call.method} ${call.url}`;
  const response = await send(target, call.method, call.url, call.body);
  const envelope = await envelopeOf(response, what);
  const parsed = call.data.safeParse(envelope.data);
  if (!parsed.success)
    throw new OcpiCallError('invalid', `${what}: ${parsed.error.issues[0]?.message ?? 'invalid data'}`);
  return parsed.data;
}

/** A page of a list can hold this many pages in all before we stop (a partner's loop). */
const MAX_PAGES = 10_000;

/**
 * A whole list (§4.1.3): every page from `url` on, each item validated by `item`; `onItem`
 * gets the valid ones, `onInvalid` the rest, with the object as it came (one bad object does
 * not stop a pull).
 */
export async function ocpiPull<Item extends z.ZodType>(
  target: CallTarget,
  url: string,
  item: Item,
  onItem: (value: z.infer<Item>) => Promise<void>,
  onInvalid: (problem: string, value: unknown) => void,
): Promise<number> {
  let next: string | undefined = url;
  let count = 0;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const what = `GET ${next}`;
    const response = await send(target, 'GET', next);
    const envelope = await envelopeOf(response, what);
    if (!Array.isArray(envelope.data))
      throw new OcpiCallError('invalid', `${what}: the data is not a list`);
    for (const value of envelope.data) {
      const parsed = item.safeParse(value);
      if (parsed.success) {
        await onItem(parsed.data);
        count++;
      } else onInvalid(`${what}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`, value);
    }
    const link = nextLinkOf(response.headers.get('link') ?? undefined);
    next = link ? new URL(link, next).toString() : undefined;
  }
  return count;
}
