import {
  location,
  tariff,
  token as tokenSchema,
  type CommandResponse,
  type CommandResult,
  type CommandType,
  type EvseStatus,
  type OcpiToken,
  type OcpiCdr,
  type OcpiLocation,
  type OcpiTariffObject,
} from '@evcharge/api/ocpi/types';
import {
  commandRoutes,
  expireReservations,
  type CommandBehaviour,
  type CommandsDeps,
} from './commands';
import { peerConfigFromEnv, type PeerConfig } from './config';
import { versionsPath, type PeerDeps, type PushLogEntry, type RequestLogEntry } from './context';
import { registerWith, unregisterFrom, updateWith } from './credentials';
import { createFaults, type Faults } from './faults';
import { changeEvseStatus } from './network';
import { sendCommand, type CommandBody } from './send-command';
import { pull, type PullModule, type Pulled, type PullQuery } from './pull';
import { presentToken, type Presented } from './present-token';
import { createPusher } from './pushes';
import { stopSession, tickSessions, type SessionSettings } from './sessions';
import { buildServer } from './server';
import { createStore, type PeerStore, type RegisteredPartner } from './store';

// The partner operator, NordCharge, as a program: startPeer() listens on 127.0.0.1 and
// returns the control surface tests and main.ts use (OCPI 2.2.1 as CPO and eMSP).

export type { PushLogEntry, RequestLogEntry, RegisteredPartner };

export type PeerOptions = Partial<PeerConfig> & {
  /** The peer's clock (timestamps, last_updated); real time by default. */
  clock?: () => Date;
  /** The most objects per page of a list (X-Limit). */
  pageLimit?: number;
  /** How long the peer waits for the partner's answers. */
  requestTimeoutMs?: number;
  logger?: boolean;
};

export type Peer = {
  /** http://127.0.0.1:port */
  url: string;
  /** Where partners start: `${url}/ocpi/versions` (with token A, config.registrationToken). */
  versionsUrl: string;
  config: PeerConfig;
  store: PeerStore;
  faults: Faults;
  /** Every push the peer sent, in order. */
  pushLog: PushLogEntry[];
  /** Every request the peer received, in order of answer, with its OCPI headers. */
  requestLog: RequestLogEntry[];
  /** The party it is registered with, and the tokens both sides use. */
  partner(): RegisteredPartner | undefined;
  /** Registers with another party (the peer as Sender of §7.2.1). */
  register(versionsUrl: string, tokenA: string): Promise<RegisteredPartner>;
  /** PUT its credentials again (§7.2.2): both tokens rotate. */
  updateCredentials(): Promise<RegisteredPartner>;
  /** DELETE its credentials (§7.2.3). */
  unregister(): Promise<void>;
  /** Changes an EVSE's status and PATCHes it to the partner's Locations RECEIVER. */
  setEvseStatus(locationId: string, evseUid: string, status: EvseStatus): Promise<void>;
  /** Adds or replaces a Location and PUTs it to the partner. */
  addLocation(location: OcpiLocation): Promise<void>;
  /** Adds or replaces a Tariff and PUTs it to the partner's Tariffs RECEIVER. */
  updateTariff(tariff: OcpiTariffObject): Promise<void>;
  /** Removes a Tariff and DELETEs it at the partner. */
  removeTariff(tariffId: string): Promise<void>;
  /** Sends a push held back by faults.reorderPushes. */
  flushPushes(): Promise<void>;
  /**
   * Moves the peer's clock on by ms (it runs on clock() + all advances): active sessions
   * count energy and time and are PATCHed to the partner, reservations past expiry end.
   * advance(0) does the same up to the clock as it is (main.ts ticks so on real time).
   */
  advance(ms: number): Promise<void>;
  /** The peer's clock now (clock() + advances). */
  now(): Date;
  /** How the Commands RECEIVER answers (§13), per command type; change freely in tests. */
  commands: CommandBehaviour;
  /** Power (kW) of new sessions (default 11 AC / 50 DC, at most the connector's) and a full battery. */
  sessionSettings: SessionSettings;
  /** A partner's driver presents a card at an EVSE: real-time authorization, then a session. */
  presentToken(
    uid: string,
    locationId: string,
    evseUid: string,
    type?: 'RFID' | 'APP_USER' | 'AD_HOC_USER' | 'OTHER',
  ): Promise<Presented>;
  /** Ends an active session as the driver would (COMPLETED, then the CDR POSTed). */
  stopSession(sessionId: string): Promise<OcpiCdr>;
  /**
   * As eMSP: sends a command to the partner's Commands RECEIVER (its driver at the partner's
   * station); the result arrives later in store.commandResults under the returned id.
   */
  sendCommand<C extends CommandType>(
    command: C,
    body: CommandBody<C>,
  ): Promise<{ id: string; responseUrl: string; response: CommandResponse }>;
  /** The CommandResult received for a command the peer sent, once it came. */
  commandResult(id: string): CommandResult | undefined;
  /** As eMSP: adds or replaces one of its drivers' tokens and PUTs it to the partner's Tokens RECEIVER. */
  updateToken(token: OcpiToken): Promise<void>;
  /**
   * As RECEIVER: GETs a whole list from the partner's SENDER endpoint, following Link
   * rel="next" (§4.1.3); returns the valid objects, the invalid ones and what each page said.
   */
  pull<M extends PullModule>(module: M, query?: PullQuery): Promise<Pulled<M>>;
  /** Resolves when the work after the peer's answers (command results, sessions) is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

export async function startPeer(options: PeerOptions = {}): Promise<Peer> {
  const { clock, pageLimit, requestTimeoutMs, logger, ...overrides } = options;
  const config: PeerConfig = { ...peerConfigFromEnv({}), port: 0, ...overrides };
  const base = clock ?? (() => new Date());
  let advancedMs = 0;
  const now = () => new Date(base().getTime() + advancedMs);
  const deps: PeerDeps = {
    config,
    store: createStore(config, config.name),
    faults: createFaults(),
    now,
    pageLimit: pageLimit ?? 10,
    requestTimeoutMs: requestTimeoutMs ?? 5_000,
    pushLog: [],
    requestLog: [],
  };
  const pusher = createPusher(deps);
  const background = new Set<Promise<void>>();
  const commands: CommandsDeps = {
    deps,
    pusher,
    behaviour: { response: {}, result: {}, timeoutSeconds: 30 },
    sessionSettings: {},
    later(work) {
      const running: Promise<void> = work()
        .catch((error: unknown) => console.error('ocpi-peer: background work failed', error))
        .finally(() => background.delete(running));
      background.add(running);
    },
  };
  const server = buildServer(deps, {
    logger: logger ?? false,
    routes: (app) => commandRoutes(app, commands),
  });
  await server.app.listen({ host: '127.0.0.1', port: config.port });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  config.port = port;
  if (!overrides.publicUrl) config.publicUrl = url;
  const { store } = deps;
  const idle = async () => {
    while (background.size > 0) await Promise.all([...background]);
  };
  const party = `/${config.countryCode}/${config.partyId}`;

  return {
    url,
    versionsUrl: `${config.publicUrl}${versionsPath}`,
    config,
    store,
    faults: deps.faults,
    pushLog: deps.pushLog,
    requestLog: deps.requestLog,
    partner: () => store.partner,
    register: (versionsUrl, tokenA) => registerWith(deps, versionsUrl, tokenA),
    updateCredentials: () => updateWith(deps),
    unregister: () => unregisterFrom(deps),

    setEvseStatus: (locationId, evseUid, status) =>
      changeEvseStatus(deps, pusher, locationId, evseUid, status),

    async addLocation(value) {
      const checked = location.parse(value);
      store.locations.set(checked.id, checked);
      await pusher.push({
        module: 'locations',
        method: 'PUT',
        path: `${party}/${checked.id}`,
        body: { schema: location, value: checked },
      });
    },

    async updateTariff(value) {
      const checked = tariff.parse(value);
      store.tariffs.set(checked.id, checked);
      await pusher.push({
        module: 'tariffs',
        method: 'PUT',
        path: `${party}/${checked.id}`,
        body: { schema: tariff, value: checked },
      });
    },

    async removeTariff(tariffId) {
      if (!store.tariffs.delete(tariffId)) throw new Error(`No tariff ${tariffId}`);
      await pusher.push({ module: 'tariffs', method: 'DELETE', path: `${party}/${tariffId}` });
    },

    flushPushes: () => pusher.flush(),

    now,
    async advance(ms) {
      advancedMs += ms;
      await tickSessions(deps, pusher);
      await expireReservations(commands);
    },
    commands: commands.behaviour,
    sessionSettings: commands.sessionSettings,
    presentToken: (uid, locationId, evseUid, type) =>
      presentToken(deps, pusher, commands.sessionSettings, {
        uid,
        locationId,
        evseUid,
        ...(type ? { type } : {}),
      }),
    stopSession: (sessionId) => stopSession(deps, pusher, sessionId),
    idle,
    pull: (module, query) => pull(deps, module, query),
    sendCommand: (command, body) => sendCommand(deps, command, body),
    commandResult: (id) => store.commandResults.find((r) => r.uid === id)?.result,
    async updateToken(value) {
      const checked = tokenSchema.parse(value);
      store.ownTokens.set(checked.uid, checked);
      await pusher.push({
        module: 'tokens',
        method: 'PUT',
        path: `/${checked.country_code}/${checked.party_id}/${checked.uid}?type=${checked.type}`,
        body: { schema: tokenSchema, value: checked },
      });
    },

    async close() {
      server.release();
      await server.app.close();
      await idle();
    },
  };
}
