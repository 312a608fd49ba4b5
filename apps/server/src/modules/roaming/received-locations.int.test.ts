import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizationHeader, type OcpiLocation } from '@evcharge/api/ocpi/types';
import { connectors, stations } from '../../db/schema/stations';
import { withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import { pullPartner, registerWith } from './index';

// OCPI 2.2.1 §8.3: a partner's Location that bends the standard where only display depends on
// it (an over-long optional text, opening hours without twentyfourseven, one bad EVSE) still
// reaches our map, mended and logged; what money or access depends on is never guessed.

const server = withTestServer();
const peer = withPeers();

let parties = 0;
async function registered() {
  parties++;
  const partner = await peer({ countryCode: 'FI', partyId: `L${String(parties).padStart(2, '0')}` });
  const row = await registerWith(roamingDeps(server), partner.versionsUrl, partner.config.registrationToken);
  return { partner, row };
}

function logged() {
  const notes: string[] = [];
  return { notes, log: { warn: (fields: object) => void notes.push(String((fields as { note?: string }).note ?? '')) } };
}

async function station(partnerId: string, locationId: string) {
  const [row] = await server.db
    .select()
    .from(stations)
    .where(and(eq(stations.roamingPartnerId, partnerId), eq(stations.ocpiLocationId, locationId)));
  if (!row) return undefined;
  const plugs = await server.db.select().from(connectors).where(eq(connectors.stationId, row.id));
  return { ...row, evseUids: [...new Set(plugs.map((c) => c.ocpiEvseUid))].sort() };
}

describe('Locations that bend the standard reach the map', () => {
  it('a pull stores them mended: a cut state, hours read from regular_hours, a location without its one bad EVSE', async () => {
    const { partner, row } = await registered();
    partner.faults.unchecked = true;
    const all = [...partner.store.locations.values()];
    const kamppi = all.find((l) => l.id === 'NCH-HEL-001')!;
    const hoursSite = all.find((l) => l.opening_times?.twentyfourseven === false)!;
    const twoEvses = all.find((l) => l.id !== kamppi.id && l.id !== hoursSite.id && (l.evses?.length ?? 0) >= 2)!;
    partner.store.locations.set(kamppi.id, { ...kamppi, state: 'Uusimaa Region, Finland' });
    const { twentyfourseven: _flag, ...hours } = hoursSite.opening_times!;
    partner.store.locations.set(hoursSite.id, { ...hoursSite, opening_times: hours } as OcpiLocation);
    const [good, bad] = twoEvses.evses!;
    const broken = { ...bad!, connectors: [{ ...bad!.connectors[0]!, standard: 'SCHUKO_PLUS' }] };
    partner.store.locations.set(twoEvses.id, { ...twoEvses, evses: [good!, broken, ...twoEvses.evses!.slice(2)] } as OcpiLocation);

    const { notes, log } = logged();
    const pulled = await pullPartner(roamingDeps(server), row.id, log);
    expect(pulled.invalid).toBe(0);

    expect((await station(row.id, kamppi.id))?.region).toBe('Uusimaa Region, Finl');
    const hoursStation = await station(row.id, hoursSite.id);
    // Its regular hours, not round the clock.
    const [first] = hours.regular_hours!;
    expect(hoursStation?.workHours).not.toBe('24/7');
    expect(Object.values(hoursStation!.schedule).flat()).toContainEqual({ from: first!.period_begin, to: first!.period_end });
    const kept = await station(row.id, twoEvses.id);
    expect(kept?.evseUids).toEqual(twoEvses.evses!.filter((e) => e.uid !== bad!.uid).map((e) => e.uid).sort());

    expect(notes).toContain('state cut from 23 to 20 characters');
    expect(notes).toContain('opening_times.twentyfourseven missing: read as false, regular_hours given');
    expect(notes.some((note) => note.startsWith(`evses.1 (${bad!.uid}) left out: connectors.0.standard`))).toBe(true);
  });

  it('a push is taken mended too; an EVSE pushed with a bad connector standard is refused with 2001 and why', async () => {
    const { partner, row } = await registered();
    await pullPartner(roamingDeps(server), row.id, { warn: () => undefined });
    const token = partner.partner()!.tokenToCallThem!;
    const base = `/ocpi/2.2.1/emsp/locations/${partner.config.countryCode}/${partner.config.partyId}`;
    const push = (path: string, body: unknown) =>
      server.fetch(`${base}${path}`, {
        method: 'PUT',
        headers: { authorization: authorizationHeader(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const kamppi = partner.store.locations.get('NCH-HEL-001')!;
    const later = new Date(Date.parse(kamppi.last_updated) + 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

    const renamed = await push(`/${kamppi.id}`, { ...kamppi, name: `Kamppi ${'x'.repeat(300)}`, last_updated: later });
    expect(renamed.status).toBe(200);
    expect((await station(row.id, kamppi.id))?.name).toHaveLength(255);

    const evse = kamppi.evses![0]!;
    const refused = await push(`/${kamppi.id}/${evse.uid}`, {
      ...evse,
      connectors: [{ ...evse.connectors[0]!, standard: 'SCHUKO_PLUS' }],
      last_updated: later,
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { status_code: number; status_message?: string };
    expect(answer.status_code).toBe(2001);
    expect(answer.status_message).toMatch(/connectors\.0\.standard/);
  });
});
