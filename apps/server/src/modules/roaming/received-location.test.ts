import { describe, expect, it } from 'vitest';
import { fixtureLocations } from '@evcharge/ocpi-peer/fixtures';
import { mendLocation, receivedLocation } from './received-location';

const party = { countryCode: 'FI', partyId: 'NCH' };
const [kamppi] = fixtureLocations(party, 'NordCharge');
const withHours = fixtureLocations(party, 'NordCharge').find((l) => l.opening_times?.twentyfourseven === false)!;

const read = (raw: unknown) => {
  const notes: string[] = [];
  const parsed = receivedLocation((note) => notes.push(note)).safeParse(raw);
  return { parsed, notes };
};

describe('a Location a partner sends (OCPI 2.2.1 §8.3.1), read leniently where only display depends on it', () => {
  it('takes a valid Location as it is, with nothing to note', () => {
    const { parsed, notes } = read(kamppi);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(kamppi);
    expect(notes).toEqual([]);
  });

  it('cuts an over-long optional text to its length and says so', () => {
    const { parsed, notes } = read({ ...kamppi, state: 'Uusimaa Region, Finland', name: 'N'.repeat(300) });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.state).toBe('Uusimaa Region, Finl');
    expect(parsed.data?.name).toHaveLength(255);
    expect(notes).toEqual(['name cut from 300 to 255 characters', 'state cut from 23 to 20 characters']);
  });

  it('reads opening hours without twentyfourseven as its regular hours', () => {
    const { twentyfourseven: _omitted, ...hours } = withHours.opening_times!;
    const { parsed, notes } = read({ ...withHours, opening_times: hours });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.opening_times).toEqual({ ...hours, twentyfourseven: false });
    expect(notes).toEqual(['opening_times.twentyfourseven missing: read as false, regular_hours given']);
  });

  it('leaves out an invalid EVSE, not the Location; an over-long EVSE text is cut', () => {
    const [first, second] = kamppi!.evses!;
    const broken = { ...second!, connectors: [{ ...second!.connectors[0]!, standard: 'SCHUKO_PLUS' }] };
    const { parsed, notes } = read({ ...kamppi, evses: [{ ...first!, physical_reference: 'Bay 1 by the north entrance' }, broken] });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.evses?.map((e) => e.uid)).toEqual([first!.uid]);
    expect(parsed.data?.evses?.[0]?.physical_reference).toBe('Bay 1 by the nor');
    expect(notes[0]).toBe('evses.0.physical_reference cut from 27 to 16 characters');
    expect(notes[1]).toMatch(new RegExp(`^evses\\.1 \\(${second!.uid}\\) left out: connectors\\.0\\.standard`));
  });

  it('never guesses what money or access depends on: a bad tariff id leaves its EVSE out, bad coordinates or times refuse the Location', () => {
    const [first] = kamppi!.evses!;
    const badTariff = { ...first!, connectors: [{ ...first!.connectors[0]!, tariff_ids: ['T'.repeat(37)] }] };
    expect(read({ ...kamppi, evses: [badTariff] }).parsed.data?.evses).toEqual([]);
    expect(read({ ...kamppi, coordinates: { latitude: 'north', longitude: '24.93' } }).parsed.success).toBe(false);
    expect(read({ ...kamppi, last_updated: 'yesterday' }).parsed.success).toBe(false);
    // Hours with neither a flag nor regular hours say nothing: not guessed as round the clock.
    expect(read({ ...kamppi, opening_times: {} }).parsed.success).toBe(false);
  });

  it('leaves what is not an object to the schema', () => {
    expect(mendLocation('a location').value).toBe('a location');
    expect(read(null).parsed.success).toBe(false);
  });
});
