import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OcpiLocation } from '@evcharge/api/ocpi/types';
import { roamingPartners } from '../../db/schema/roaming';
import { stations } from '../../db/schema/stations';
import { withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import { pullPartner, registerWith } from './index';

// OCPI 2.2.1 §8.2.1: an incremental pull asks for what changed since (date_from). An object we
// could not store is asked for again, not lost: the mark moves no further than its last_updated.

const server = withTestServer();
const peer = withPeers();
const silent = { warn: () => undefined };

let parties = 0;
async function registered() {
  parties++;
  const partner = await peer({ countryCode: 'FI', partyId: `M${String(parties).padStart(2, '0')}` });
  const row = await registerWith(roamingDeps(server), partner.versionsUrl, partner.config.registrationToken);
  return { partner, row };
}

async function locationIds(partnerId: string) {
  const rows = await server.db
    .select({ id: stations.ocpiLocationId })
    .from(stations)
    .where(eq(stations.roamingPartnerId, partnerId));
  return rows.map((row) => row.id);
}

async function marks(partnerId: string) {
  const [row] = await server.db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
  return { locations: row!.locationsPulledAt, tariffs: row!.tariffsPulledAt };
}

describe('what a pull could not store is asked for again', () => {
  it('an invalid location comes again at the next pull, from its last_updated on, and is stored once it is valid', async () => {
    const { partner, row } = await registered();
    // The partner sends one location without its coordinates.
    partner.faults.unchecked = true;
    const kamppi = partner.store.locations.get('NCH-HEL-001')!;
    const { coordinates: _coordinates, ...withoutCoordinates } = kamppi;
    partner.store.locations.set(kamppi.id, withoutCoordinates as OcpiLocation);

    const first = await pullPartner(roamingDeps(server), row.id, silent);
    expect(first.invalid).toBe(1);
    expect(await locationIds(row.id)).not.toContain('NCH-HEL-001');
    expect((await marks(row.id)).locations).toEqual(new Date(kamppi.last_updated));

    // The partner mends it without a push; the next pull is still incremental and brings it.
    partner.store.locations.set(kamppi.id, kamppi);
    const before = partner.requestLog.length;
    const second = await pullPartner(roamingDeps(server), row.id, silent);
    expect(second.invalid).toBe(0);
    const asked = partner.requestLog.slice(before).filter((r) => r.url.includes('/locations'));
    expect(asked.every((r) => new URL(r.url, partner.url).searchParams.get('date_from') !== null)).toBe(true);
    expect(await locationIds(row.id)).toContain('NCH-HEL-001');
    // All stored: the mark moves to this pull's start.
    expect((await marks(row.id)).locations!.getTime()).toBeGreaterThan(Date.parse(kamppi.last_updated));
  });

  it('an object without a readable last_updated leaves the mark where it was: the next pull asks for everything again', async () => {
    const { partner, row } = await registered();
    partner.faults.unchecked = true;
    const kamppi = partner.store.locations.get('NCH-HEL-001')!;
    partner.store.locations.set(kamppi.id, { ...kamppi, last_updated: 'yesterday' });

    expect((await pullPartner(roamingDeps(server), row.id, silent)).invalid).toBe(1);
    expect((await marks(row.id)).locations).toBeNull();
    // The tariffs were all stored: their mark moved.
    expect((await marks(row.id)).tariffs).not.toBeNull();

    partner.store.locations.set(kamppi.id, kamppi);
    const before = partner.requestLog.length;
    await pullPartner(roamingDeps(server), row.id, silent);
    const asked = partner.requestLog.slice(before).filter((r) => r.url.includes('/locations'));
    expect(new URL(asked[0]!.url, partner.url).searchParams.get('date_from')).toBeNull();
    expect(await locationIds(row.id)).toContain('NCH-HEL-001');
  });
});
