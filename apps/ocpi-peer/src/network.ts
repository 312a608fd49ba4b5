import { evsePatch, ocpiDateTime, type EvseStatus } from '@evcharge/api/ocpi/types';
import type { PeerDeps } from './context';
import type { Pusher } from './pushes';

// Changes to the peer's own stations, pushed to the partner's Locations RECEIVER
// (OCPI 2.2.1 §8.2.2.3 PATCH of an EVSE with its status and last_updated).

export function findEvse(deps: PeerDeps, locationId: string, evseUid: string) {
  const found = deps.store.locations.get(locationId);
  const foundEvse = found?.evses?.find((e) => e.uid === evseUid);
  return found && foundEvse ? { location: found, evse: foundEvse } : undefined;
}

export async function changeEvseStatus(
  deps: PeerDeps,
  pusher: Pusher,
  locationId: string,
  evseUid: string,
  status: EvseStatus,
) {
  const found = findEvse(deps, locationId, evseUid);
  if (!found) throw new Error(`No EVSE ${evseUid} at ${locationId}`);
  // §8.3.1: a change of an EVSE is a change of its Location too.
  const lastUpdated = ocpiDateTime(deps.now());
  const evses = found.location.evses!.map((e) =>
    e.uid === evseUid ? { ...e, status, last_updated: lastUpdated } : e,
  );
  deps.store.locations.set(locationId, { ...found.location, evses, last_updated: lastUpdated });
  const { countryCode, partyId } = deps.config;
  await pusher.push({
    module: 'locations',
    method: 'PATCH',
    path: `/${countryCode}/${partyId}/${locationId}/${evseUid}`,
    body: { schema: evsePatch, value: { status, last_updated: lastUpdated } },
  });
}
