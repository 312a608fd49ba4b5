import Fastify from 'fastify';
import {
  anyEnvelope,
  authorizationHeader,
  credentials,
  ocpiDateTime,
  tokensOfHeader,
  versionDetails,
  versionList,
  type AuthorizationInfo,
  type Credentials,
} from '@evcharge/api/ocpi/types';

// The other side of the roaming link in the peer's tests: a small OCPI 2.2.1 party on
// 127.0.0.1 ("EVC", country KZ) that plays both halves of the credentials exchange (§7.2) and
// records every push it receives on its RECEIVER endpoints.

export type Received = {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
};

export type Counterpart = {
  url: string;
  versionsUrl: string;
  /** The token A it hands the peer out of band. */
  tokenA: string;
  /** Tokens it accepts now (token A until the peer registered, then token C). */
  accepted: Set<string>;
  /** The token it calls the peer with. */
  tokenToCallPeer?: string;
  received: Received[];
  /** Calls to its versions endpoints, with the token used. */
  versionCalls: string[];
  pushes(): Received[];
  /** What its Locations SENDER answers (one page, no checks: tests put invalid objects here). */
  served: unknown[];
  /** Its answer to the peer's real-time authorization (§12.2.2.3); undefined = unknown token. */
  authorize: (uid: string, where: unknown) => AuthorizationInfo | undefined;
  /** The counterpart registers with the peer (it is the Sender of §7.2.1). */
  registerWith(peerVersionsUrl: string, peerTokenA: string): Promise<Credentials>;
  /** It PUTs new credentials to the peer (§7.2.2). */
  updateAt(): Promise<Credentials>;
  close(): Promise<void>;
};

export const counterpartRoles: Credentials['roles'] = [
  { role: 'EMSP', business_details: { name: 'EV Charge' }, party_id: 'EVC', country_code: 'KZ' },
  { role: 'CPO', business_details: { name: 'EV Charge' }, party_id: 'EVC', country_code: 'KZ' },
];

export async function ocpiRequest(
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token !== undefined) headers.Authorization = authorizationHeader(token);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as {
    data?: unknown;
    status_code: number;
    status_message?: string;
    timestamp: string;
  };
  anyEnvelope.parse(json);
  return { status: response.status, headers: response.headers, json };
}

export async function startCounterpart(): Promise<Counterpart> {
  const app = Fastify();
  let counter = 0;
  const envelope = (data?: unknown) => ({
    ...(data === undefined ? {} : { data }),
    status_code: 1000,
    timestamp: ocpiDateTime(new Date()),
  });
  const state = {
    url: '',
    versionsUrl: '',
    tokenA: 'evc-token-a',
    accepted: new Set(['evc-token-a']),
    tokenToCallPeer: undefined as string | undefined,
    peerVersionsUrl: '',
    received: [] as Received[],
    served: [] as unknown[],
    authorize: ((): AuthorizationInfo | undefined => undefined) as Counterpart['authorize'],
    versionCalls: [] as string[],
  };
  const tokenOf = (header: string | undefined) =>
    tokensOfHeader(header).find((t) => state.accepted.has(t));

  app.addHook('onRequest', async (request, reply) => {
    const token = tokenOf(request.headers.authorization);
    if (!token)
      return reply.code(401).send({
        status_code: 2000,
        status_message: 'Unauthorized',
        timestamp: ocpiDateTime(new Date()),
      });
    if (request.url.startsWith('/ocpi/versions') || request.url === '/ocpi/2.2.1')
      state.versionCalls.push(token);
  });
  app.get('/ocpi/versions', async () =>
    envelope([{ version: '2.2.1', url: `${state.url}/ocpi/2.2.1` }]),
  );
  app.get('/ocpi/2.2.1', async () =>
    envelope({
      version: '2.2.1',
      endpoints: [
        { identifier: 'credentials', role: 'RECEIVER', url: `${state.url}/ocpi/2.2.1/credentials` },
        {
          identifier: 'locations',
          role: 'RECEIVER',
          url: `${state.url}/ocpi/emsp/2.2.1/locations`,
        },
        { identifier: 'tariffs', role: 'RECEIVER', url: `${state.url}/ocpi/emsp/2.2.1/tariffs` },
        { identifier: 'sessions', role: 'RECEIVER', url: `${state.url}/ocpi/emsp/2.2.1/sessions` },
        { identifier: 'cdrs', role: 'RECEIVER', url: `${state.url}/ocpi/emsp/2.2.1/cdrs` },
        { identifier: 'tokens', role: 'SENDER', url: `${state.url}/ocpi/emsp/2.2.1/tokens` },
        { identifier: 'locations', role: 'SENDER', url: `${state.url}/ocpi/cpo/2.2.1/locations` },
        { identifier: 'commands', role: 'SENDER', url: `${state.url}/ocpi/emsp/2.2.1/commands` },
      ],
    }),
  );
  const ours = (token: string): Credentials => ({
    token,
    url: state.versionsUrl,
    roles: counterpartRoles,
  });
  // §7.2.1 as Receiver: fetch the peer's versions with its token B, answer with token C.
  const acceptCredentials = async (body: unknown) => {
    const theirs = credentials.parse(body);
    const versions = await ocpiRequest('GET', theirs.url, theirs.token);
    versionList.parse(versions.json.data);
    const details = await ocpiRequest(
      'GET',
      (versions.json.data as Array<{ url: string }>)[0]!.url,
      theirs.token,
    );
    versionDetails.parse(details.json.data);
    state.tokenToCallPeer = theirs.token;
    state.peerVersionsUrl = theirs.url;
    const tokenC = `evc-token-c-${++counter}`;
    state.accepted.clear();
    state.accepted.add(tokenC);
    return envelope(ours(tokenC));
  };
  app.post('/ocpi/2.2.1/credentials', async (request) => acceptCredentials(request.body));
  app.put('/ocpi/2.2.1/credentials', async (request) => acceptCredentials(request.body));
  app.delete('/ocpi/2.2.1/credentials', async () => {
    state.accepted.clear();
    return envelope();
  });
  app.get('/ocpi/cpo/2.2.1/locations', async (_request, reply) => {
    reply.header('X-Total-Count', String(state.served.length)).header('X-Limit', '100');
    return envelope(state.served);
  });
  app.post('/ocpi/emsp/2.2.1/tokens/:uid/authorize', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    state.received.push({
      method: 'POST',
      url: request.url,
      body: request.body,
      headers: request.headers,
    });
    const answer = state.authorize(uid, request.body);
    if (!answer)
      return reply.code(404).send({
        status_code: 2004,
        status_message: 'Unknown token',
        timestamp: ocpiDateTime(new Date()),
      });
    return envelope(answer);
  });
  for (const method of ['PUT', 'PATCH', 'POST', 'DELETE'] as const)
    app.route({
      method,
      url: '/ocpi/emsp/2.2.1/*',
      handler: async (request) => {
        state.received.push({
          method,
          url: request.url,
          body: request.body,
          headers: request.headers,
        });
        return envelope();
      },
    });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  state.versionsUrl = `${state.url}/ocpi/versions`;

  // The counterpart as Sender (§7.2.1): versions with token A, POST its token B, keep token C.
  async function exchange(method: 'POST' | 'PUT', peerVersionsUrl: string, token: string) {
    const versions = await ocpiRequest('GET', peerVersionsUrl, token);
    const detailsUrl = (versions.json.data as Array<{ url: string }>)[0]!.url;
    const details = versionDetails.parse((await ocpiRequest('GET', detailsUrl, token)).json.data);
    const credentialsUrl = details.endpoints.find((e) => e.identifier === 'credentials')!.url;
    const tokenB = `evc-token-b-${++counter}`;
    state.accepted.add(tokenB);
    const answer = await ocpiRequest(method, credentialsUrl, token, ours(tokenB));
    if (answer.status !== 200)
      throw new Error(`${method} credentials: HTTP ${answer.status} ${answer.json.status_message}`);
    const theirs = credentials.parse(answer.json.data);
    state.accepted.clear();
    state.accepted.add(tokenB);
    state.tokenToCallPeer = theirs.token;
    state.peerVersionsUrl = peerVersionsUrl;
    return theirs;
  }

  return Object.assign(state, {
    pushes: () => state.received,
    registerWith: (peerVersionsUrl: string, peerTokenA: string) =>
      exchange('POST', peerVersionsUrl, peerTokenA),
    updateAt: () => exchange('PUT', state.peerVersionsUrl, state.tokenToCallPeer!),
    close: () => app.close(),
  });
}
