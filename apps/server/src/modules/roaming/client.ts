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

/** Why a call to a partner gave nothing usable. */
export type OcpiFailure = 'timeout' | 'unreachable' | 'http' | 'status' | 'invalid';

export class OcpiCallError extends Error {
  constructor(
    readonly failure: OcpiFailure,
    message: string,
    readonly httpStatus?: number,
    readonly statusCode?: number,
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

async function envelopeOf(response: Response, what: string) {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new OcpiCallError('http', `${what}: HTTP ${response.status}, not JSON`, response.status);
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
