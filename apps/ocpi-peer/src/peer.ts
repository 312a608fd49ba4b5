import {
  evsePatch,
  location,
  ocpiDateTime,
  tariff,
  type EvseStatus,
  type OcpiLocation,
  type OcpiTariffObject,
} from '@evcharge/api/ocpi/types';
import { peerConfigFromEnv, type PeerConfig } from './config';
import { versionsPath, type PeerDeps, type PushLogEntry } from './context';
import { registerWith, unregisterFrom, updateWith } from './credentials';
import { createFaults, type Faults } from './faults';
import { createPusher } from './pushes';
import { buildServer } from './server';
import { createStore, type PeerStore, type RegisteredPartner } from './store';

// The partner operator, NordCharge, as a program: startPeer() listens on 127.0.0.1 and
// returns the control surface tests and main.ts use (OCPI 2.2.1 as CPO and eMSP).

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
  close(): Promise<void>;
};

export async function startPeer(options: PeerOptions = {}): Promise<Peer> {
  const { clock, pageLimit, requestTimeoutMs, logger, ...overrides } = options;
  const config: PeerConfig = { ...peerConfigFromEnv({}), port: 0, ...overrides };
  const now = clock ?? (() => new Date());
  const deps: PeerDeps = {
    config,
    store: createStore(config, config.name),
    faults: createFaults(),
    now,
    pageLimit: pageLimit ?? 10,
    requestTimeoutMs: requestTimeoutMs ?? 5_000,
    pushLog: [],
  };
  const server = buildServer(deps, { logger: logger ?? false });
  await server.app.listen({ host: '127.0.0.1', port: config.port });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  config.port = port;
  if (!overrides.publicUrl) config.publicUrl = url;
  const pusher = createPusher(deps);
  const { store } = deps;
  const party = `/${config.countryCode}/${config.partyId}`;

  return {
    url,
    versionsUrl: `${config.publicUrl}${versionsPath}`,
    config,
    store,
    faults: deps.faults,
    pushLog: deps.pushLog,
    partner: () => store.partner,
    register: (versionsUrl, tokenA) => registerWith(deps, versionsUrl, tokenA),
    updateCredentials: () => updateWith(deps),
    unregister: () => unregisterFrom(deps),

    async setEvseStatus(locationId, evseUid, status) {
      const found = store.locations.get(locationId);
      const foundEvse = found?.evses?.find((e) => e.uid === evseUid);
      if (!found || !foundEvse) throw new Error(`No EVSE ${evseUid} at ${locationId}`);
      // §8.3.1: a change of an EVSE is a change of its Location too.
      const lastUpdated = ocpiDateTime(now());
      const evses = found.evses!.map((e) =>
        e.uid === evseUid ? { ...e, status, last_updated: lastUpdated } : e,
      );
      store.locations.set(locationId, { ...found, evses, last_updated: lastUpdated });
      await pusher.push({
        module: 'locations',
        method: 'PATCH',
        path: `${party}/${locationId}/${evseUid}`,
        body: { schema: evsePatch, value: { status, last_updated: lastUpdated } },
      });
    },

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

    async close() {
      server.release();
      await server.app.close();
    },
  };
}
