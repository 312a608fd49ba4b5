import { describe, expect, it } from 'vitest';
import {
  addressOf,
  connectorStatusOf,
  countryOf,
  currentTypeOf,
  isListedEvse,
  powerWOf,
  scheduleOf,
  socketTypeOf,
  utcOffsetOf,
} from './mapping';
import { codeOf } from './locations';

// A partner's OCPI 2.2.1 Location read as a station of our map.

describe('OCPI 2.2.1 Location → our station', () => {
  it.each([
    ['IEC_62196_T2', 'type2'],
    ['IEC_62196_T2_COMBO', 'ccs2'],
    ['IEC_62196_T1_COMBO', 'ccs1'],
    ['CHADEMO', 'chademo'],
    ['GBT_DC', 'gbt-dc'],
    ['DOMESTIC_F', 'schuko'],
    ['PANTOGRAPH_TOP_DOWN', undefined],
  ] as const)('connector standard %s is %s', (standard, socket) => {
    expect(socketTypeOf(standard)).toBe(socket);
  });

  it.each([
    ['AVAILABLE', 'available'],
    ['CHARGING', 'charging'],
    ['RESERVED', 'reserved'],
    ['OUTOFORDER', 'faulted'],
    ['INOPERATIVE', 'unavailable'],
    ['BLOCKED', 'unavailable'],
    ['UNKNOWN', 'unavailable'],
  ] as const)('EVSE status %s is %s', (status, ours) => {
    expect(connectorStatusOf(status)).toBe(ours);
  });

  it('lists neither planned nor removed EVSEs', () => {
    expect(isListedEvse({ status: 'PLANNED' })).toBe(false);
    expect(isListedEvse({ status: 'REMOVED' })).toBe(false);
    expect(isListedEvse({ status: 'OUTOFORDER' })).toBe(true);
  });

  it('takes the power from max_electric_power, else from volts, amperes and phases', () => {
    const ac = { max_voltage: 230, max_amperage: 32, power_type: 'AC_3_PHASE' as const };
    expect(powerWOf({ ...ac, max_electric_power: 22_000 })).toBe(22_000);
    expect(powerWOf(ac)).toBe(22_080);
    expect(powerWOf({ max_voltage: 230, max_amperage: 16, power_type: 'AC_1_PHASE' })).toBe(3_680);
    expect(currentTypeOf({ power_type: 'DC' })).toBe('DC');
    expect(currentTypeOf({ power_type: 'AC_1_PHASE' })).toBe('AC');
  });

  it('reads opening times as weekly hours (weekday 1 is Monday)', () => {
    const always = scheduleOf({ twentyfourseven: true });
    expect(always.mo).toEqual([{ from: '00:00', to: '24:00' }]);
    expect(scheduleOf(undefined).su).toEqual([{ from: '00:00', to: '24:00' }]);
    const shop = scheduleOf({
      twentyfourseven: false,
      regular_hours: [
        { weekday: 1, period_begin: '08:00', period_end: '20:00' },
        { weekday: 7, period_begin: '10:00', period_end: '16:00' },
      ],
    });
    expect(shop.mo).toEqual([{ from: '08:00', to: '20:00' }]);
    expect(shop.su).toEqual([{ from: '10:00', to: '16:00' }]);
    expect(shop.we).toEqual([]);
  });

  it('takes the offset of the time zone at the moment, summer or winter', () => {
    expect(utcOffsetOf('Europe/Helsinki', new Date('2026-01-15T12:00:00Z'))).toBe(120);
    expect(utcOffsetOf('Europe/Helsinki', new Date('2026-07-15T12:00:00Z'))).toBe(180);
    expect(utcOffsetOf('Asia/Almaty', new Date('2026-07-15T12:00:00Z'))).toBe(300);
    expect(utcOffsetOf('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe(-210);
    expect(utcOffsetOf('Not/AZone', new Date())).toBe(0);
  });

  it('knows the countries by their alpha-3 codes, Kazakhstan as SPEC §3 writes it', () => {
    expect(countryOf('FIN')).toBe('fi');
    expect(countryOf('est')).toBe('ee');
    expect(countryOf('KAZ')).toBe('kk');
    expect(countryOf('XYZ')).toBeUndefined();
  });

  it('joins the street, the postal code and the city', () => {
    expect(addressOf({ address: 'Mannerheimintie 5', postal_code: '00100', city: 'Helsinki' })).toBe(
      'Mannerheimintie 5, 00100 Helsinki',
    );
    expect(addressOf({ address: 'Narva mnt 7', city: 'Tallinn' })).toBe('Narva mnt 7, Tallinn');
  });

  it('names the station by the partner’s id of the Location, with its party in front', () => {
    expect(codeOf({ partyId: 'NCH', locationId: 'NCH-HEL-002' })).toBe('NCH-HEL-002');
    expect(codeOf({ partyId: 'ABC', locationId: '17' })).toBe('ABC-17');
    expect(codeOf({ partyId: 'ABC', locationId: 'loc 4/b' })).toBe('ABC-LOC-4-B');
  });
});
