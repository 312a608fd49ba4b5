import { and, eq } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { startPeer, type Peer, type PeerOptions } from '@evcharge/ocpi-peer/peer';
import { demoBrand } from '../brand/demo';
import { connectors, stations } from '../db/schema/stations';
import { pullPartner, registerWith, type RoamingDeps } from '../modules/roaming';
import type { TestServer } from './harness';

// Roaming partners for the tests (SPEC §1, OCPI 2.2.1): the partner operator of apps/ocpi-peer
// on a free 127.0.0.1 port, closed after each test, and the roaming module's dependencies.

/** Starts partners with `peer(options)`; each is closed after its test. */
export function withPeers(): (options?: PeerOptions) => Promise<Peer> {
  const peers: Peer[] = [];
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((peer) => peer.close()));
  });
  return async (options = {}) => {
    const peer = await startPeer({ requestTimeoutMs: 2000, ...options });
    peers.push(peer);
    return peer;
  };
}

/** The roaming module's dependencies on the test server, a partner's call taking 2 s at most. */
export function roamingDeps(server: TestServer): RoamingDeps {
  return {
    db: server.db,
    config: { ...server.config, ocpi: { ...server.config.ocpi, callTimeoutSeconds: 2 } },
    brand: demoBrand,
    stationReadModel: server.app.stationReadModel,
  };
}

/**
 * A partner of its own party (`FI*partyId`) registered with us and pulled, its stations on our
 * map, and `availableConnector()`: one of its connectors reported available, another each call.
 */
export async function partnerWithStations(
  server: TestServer,
  newPeer: (options?: PeerOptions) => Promise<Peer>,
  partyId: string,
  options: PeerOptions = {},
) {
  const peer = await newPeer({ countryCode: 'FI', partyId, ...options });
  const deps = roamingDeps(server);
  const partner = await registerWith(deps, peer.versionsUrl, peer.config.registrationToken);
  await pullPartner(deps, partner.id, { warn: () => undefined });
  const taken = new Set<string>();
  const availableConnector = async () => {
    const rows = await server.db
      .select({ id: connectors.id })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(eq(stations.roamingPartnerId, partner.id), eq(connectors.status, 'available')));
    const free = rows.find((row) => !taken.has(row.id))!;
    taken.add(free.id);
    return free.id;
  };
  return { peer, partner, availableConnector };
}
