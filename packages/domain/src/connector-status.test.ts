import { describe, expect, it } from 'vitest';
import {
  connectorAvailability,
  connectorStatusCode,
  connectorStatusFromCode,
  connectorStatuses,
  fromOcppStatus,
  isConnectorFree,
  isConnectorStatus,
  isOcppChargePointStatus,
  isStatusCode,
  ocppChargePointStatuses,
  stationAvailability,
  stationLabel,
  stationLabelCode,
  statusCode,
  statusCodeName,
  type ConnectorStatus,
  type OcppChargePointStatus,
} from './connector-status';

// SPEC §4, verbatim.
const numbered = [
  ['Available', 1],
  ['Unavailable', 2],
  ['Preparing', 3],
  ['Charging', 4],
  ['SuspendedEVSE', 5],
  ['SuspendedEV', 6],
  ['Finishing', 7],
  ['Reserved', 8],
  ['Faulted', 9],
  ['Works', 10],
  ['NotWorking', 11],
  ['UnderRepair', 12],
  ['OpeningSoon', 13],
] as const;

describe('numeric status enum (SPEC §4)', () => {
  it.each(numbered)('%s is %d, both ways', (name, code) => {
    expect(statusCode[name]).toBe(code);
    expect(statusCodeName(code)).toBe(name);
    expect(isStatusCode(code)).toBe(true);
  });

  it.each([0, 14, -1, 1.5])('%d is not a status code', (code) => {
    expect(statusCodeName(code)).toBeUndefined();
    expect(isStatusCode(code)).toBe(false);
  });
});

describe('status names', () => {
  it('lists the twelve names of SPEC §4', () => {
    expect(connectorStatuses).toEqual([
      'available',
      'preparing',
      'charging',
      'suspendedev',
      'suspendedevse',
      'finishing',
      'reserved',
      'unavailable',
      'faulted',
      'parking',
      'success',
      'cancelled',
    ]);
  });

  it.each([
    ['charging', true],
    ['Charging', false],
    ['done', false],
    [4, false],
  ])('isConnectorStatus(%j) is %s', (value, expected) => {
    expect(isConnectorStatus(value)).toBe(expected);
  });

  it.each<[ConnectorStatus, number | undefined]>([
    ['available', 1],
    ['unavailable', 2],
    ['preparing', 3],
    ['charging', 4],
    ['suspendedevse', 5],
    ['suspendedev', 6],
    ['finishing', 7],
    ['reserved', 8],
    ['faulted', 9],
    ['parking', undefined],
    ['success', undefined],
    ['cancelled', undefined],
  ])('%s has number %s, and back', (status, code) => {
    expect(connectorStatusCode(status)).toBe(code);
    if (code !== undefined) expect(connectorStatusFromCode(code)).toBe(status);
  });

  it.each([10, 11, 12, 13, 0])('number %d is not a connector status', (code) => {
    expect(connectorStatusFromCode(code)).toBeUndefined();
  });
});

describe('OCPP 1.6 ChargePointStatus', () => {
  it.each<[OcppChargePointStatus, ConnectorStatus, number]>([
    ['Available', 'available', 1],
    ['Preparing', 'preparing', 3],
    ['Charging', 'charging', 4],
    ['SuspendedEVSE', 'suspendedevse', 5],
    ['SuspendedEV', 'suspendedev', 6],
    ['Finishing', 'finishing', 7],
    ['Reserved', 'reserved', 8],
    ['Unavailable', 'unavailable', 2],
    ['Faulted', 'faulted', 9],
  ])('%s -> %s (%d)', (ocpp, status, code) => {
    expect(fromOcppStatus(ocpp)).toEqual({ status, code });
  });

  it('covers the nine statuses of the standard', () => {
    expect(ocppChargePointStatuses).toHaveLength(9);
    expect(isOcppChargePointStatus('SuspendedEVSE')).toBe(true);
    expect(isOcppChargePointStatus('suspendedevse')).toBe(false);
    expect(isOcppChargePointStatus('Occupied')).toBe(false); // OCPP 2.0.1, not 1.6
  });
});

describe('stationLabel', () => {
  it.each<[ConnectorStatus[], { isUnderRepair?: boolean; isOpeningSoon?: boolean }, string]>([
    [['available', 'charging'], {}, 'works'],
    [['charging', 'charging'], {}, 'works'],
    [['faulted', 'reserved'], {}, 'works'],
    [['faulted', 'faulted'], {}, 'notWorking'],
    [['faulted', 'unavailable'], {}, 'notWorking'],
    [['unavailable'], {}, 'notWorking'],
    [[], {}, 'notWorking'],
    [['available'], { isUnderRepair: true }, 'underRepair'],
    [['faulted'], { isUnderRepair: true }, 'underRepair'],
    [['unavailable'], { isOpeningSoon: true }, 'openingSoon'],
    [['available'], { isOpeningSoon: true, isUnderRepair: true }, 'openingSoon'],
  ])('%j with %j -> %s', (connectors, state, expected) => {
    expect(stationLabel(connectors, state)).toBe(expected);
  });

  it('labels carry the numbers 10-13', () => {
    expect(stationLabelCode).toEqual({
      works: 10,
      notWorking: 11,
      underRepair: 12,
      openingSoon: 13,
    });
  });
});

describe('availability', () => {
  it.each<[ConnectorStatus, boolean, string]>([
    ['available', true, 'free'],
    ['preparing', false, 'busy'],
    ['charging', false, 'busy'],
    ['suspendedev', false, 'busy'],
    ['suspendedevse', false, 'busy'],
    ['finishing', false, 'busy'],
    ['reserved', false, 'busy'],
    ['parking', false, 'busy'],
    ['success', false, 'busy'],
    ['cancelled', false, 'busy'],
    ['unavailable', false, 'offline'],
    ['faulted', false, 'offline'],
  ])('%s: free %s, bucket %s', (status, free, bucket) => {
    expect(isConnectorFree(status)).toBe(free);
    expect(connectorAvailability(status)).toBe(bucket);
  });

  it.each<[ConnectorStatus[], { isUnderRepair?: boolean }, string]>([
    [['charging', 'available'], {}, 'free'],
    [['charging', 'faulted'], {}, 'busy'],
    [['reserved'], {}, 'busy'],
    [['faulted', 'unavailable'], {}, 'offline'],
    [[], {}, 'offline'],
    [['available'], { isUnderRepair: true }, 'offline'],
  ])('station %j with %j is %s', (connectors, state, expected) => {
    expect(stationAvailability(connectors, state)).toBe(expected);
  });
});
