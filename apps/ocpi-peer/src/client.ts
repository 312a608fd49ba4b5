import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { anyEnvelope, authorizationHeader, type OcpiEnvelope } from '@evcharge/api/ocpi/types';
import type { PeerDeps } from './context';
import type { Party } from './store';

// The peer's calls to the other party (OCPI 2.2.1 §4.1): the credentials token in the
// Authorization header, fresh X-Request-ID / X-Correlation-ID, the routing headers
// OCPI-from-* / OCPI-to-* (§4.1.4), the body checked against its schema before it leaves and
// the answer checked against the envelope (§4.1.7) and the expected data.

export class OcpiCallError extends Error {
  constructor(
    message: string,
    /** HTTP status of the answer; 0 when none came. */
    readonly httpStatus: number,
    readonly ocpiStatus?: number,
  ) {
    super(message);
  }
}

export type OcpiCall<Body extends z.ZodType = z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token: string;
  body?: { schema: Body; value: z.input<Body> };
  /** The party addressed, when known (not yet during registration). */
  to?: Party;
  correlationId?: string;
};

export type OcpiAnswer<Data> = {
  httpStatus: number;
  envelope: OcpiEnvelope<unknown>;
  data: Data;
  headers: Headers;
};

/**
 * Calls the other party and returns the checked answer. Throws OcpiCallError when no answer
 * came, the HTTP status is not 2xx, the envelope is not OCPI's or its status_code is not 1xxx,
 * or the data does not match dataSchema.
 */
export async function callOcpi<Data = unknown>(
  deps: PeerDeps,
  call: OcpiCall,
  dataSchema?: z.ZodType<Data>,
): Promise<OcpiAnswer<Data>> {
  const headers: Record<string, string> = {
    Authorization: authorizationHeader(call.token),
    'X-Request-ID': randomUUID(),
    'X-Correlation-ID': call.correlationId ?? randomUUID(),
    'OCPI-from-country-code': deps.config.countryCode,
    'OCPI-from-party-id': deps.config.partyId,
  };
  if (call.to) {
    headers['OCPI-to-country-code'] = call.to.countryCode;
    headers['OCPI-to-party-id'] = call.to.partyId;
  }
  let body: string | undefined;
  if (call.body) {
    body = JSON.stringify(call.body.schema.parse(call.body.value));
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(deps.requestTimeoutMs),
    });
  } catch (error) {
    throw new OcpiCallError(
      `${call.method} ${call.url}: no answer (${(error as Error).message})`,
      0,
    );
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OcpiCallError(
      `${call.method} ${call.url}: HTTP ${response.status}, not JSON`,
      response.status,
    );
  }
  const parsed = anyEnvelope.safeParse(json);
  if (!parsed.success)
    throw new OcpiCallError(
      `${call.method} ${call.url}: HTTP ${response.status}, not an OCPI envelope`,
      response.status,
    );
  const envelope = parsed.data as OcpiEnvelope<unknown>;
  if (!response.ok || envelope.status_code < 1000 || envelope.status_code >= 2000)
    throw new OcpiCallError(
      `${call.method} ${call.url}: HTTP ${response.status}, OCPI ${envelope.status_code} ${envelope.status_message ?? ''}`.trim(),
      response.status,
      envelope.status_code,
    );
  let data = envelope.data as Data;
  if (dataSchema) {
    const checked = dataSchema.safeParse(envelope.data);
    if (!checked.success)
      throw new OcpiCallError(
        `${call.method} ${call.url}: invalid data: ${checked.error.issues[0]?.message ?? ''} at ${checked.error.issues[0]?.path.join('.') ?? ''}`,
        response.status,
        envelope.status_code,
      );
    data = checked.data;
  }
  return { httpStatus: response.status, envelope, data, headers: response.headers };
}
