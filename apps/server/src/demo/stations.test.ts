import { describe, expect, it } from 'vitest';
import { countries } from '@evcharge/domain/constants';
import { connectorStatuses } from '@evcharge/domain/connector-status';
import { socketCarries } from '@evcharge/domain/socket-type';
import { cities } from './cities';
import { generateStations } from './stations';
import { tariffFor } from './tariffs';

describe('generateStations', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateStations(50, 7)).toEqual(generateStations(50, 7));
    expect(generateStations(5, 7)[0]?.id).not.toBe(generateStations(5, 8)[0]?.id);
  });

  it('makes unique codes, QR names and ids at benchmark scale', () => {
    const stations = generateStations(5000, 1);
    expect(new Set(stations.map((s) => s.code)).size).toBe(5000);
    expect(new Set(stations.map((s) => s.altName)).size).toBe(5000);
    // find-by-qr.ts: a code typed without its hyphen is the altName.
    for (const s of stations) expect(s.altName).toBe(s.code.replaceAll('-', ''));
    const connectorIds = stations.flatMap((s) => s.connectors.map((c) => c.id));
    expect(new Set([...stations.map((s) => s.id), ...connectorIds]).size).toBe(
      5000 + connectorIds.length,
    );
  });

  it('keeps the demo private stations README lists where they were', () => {
    const codes = generateStations(300, 20_261_001)
      .filter((s) => s.isPrivate)
      .map((s) => s.code);
    expect(codes).toEqual(
      expect.arrayContaining(['OVB-00090', 'MOW-00257', 'GOJ-00029', 'TAS-00034']),
    );
  });

  it('spreads stations around real city centres of every country', () => {
    const stations = generateStations(300, 20_261_001);
    expect(new Set(stations.map((s) => s.country))).toEqual(new Set(countries));
    for (const station of stations) {
      const city = cities.find((c) => c.name === station.city);
      expect(Math.abs(station.lat - (city?.lat ?? 0))).toBeLessThan(1);
      expect(station.tariffKey.startsWith(city?.currency ?? '?')).toBe(true);
    }
  });

  it('makes realistic connectors in every status', () => {
    const connectors = generateStations(300, 20_261_001).flatMap((s) => s.connectors);
    expect(new Set(connectors.map((c) => c.status))).toEqual(new Set(connectorStatuses));
    for (const c of connectors) {
      expect(socketCarries(c.socketType, c.currentType)).toBe(true);
      if (c.currentType === 'AC') expect(c.powerW).toBeLessThanOrEqual(22_000);
      else expect(c.powerW).toBeGreaterThanOrEqual(50_000);
    }
  });

  it('announces some tariff changes, in the same currency and with a later date', () => {
    const changing = generateStations(300, 20_261_001).filter((s) => s.nextTariffKey);
    expect(changing.length).toBeGreaterThanOrEqual(10);
    for (const station of changing) {
      expect(station.nextTariffKey?.split('-')[0]).toBe(station.tariffKey.split('-')[0]);
      expect(station.tariffChangesInDays).toBeGreaterThan(0);
    }
    expect(tariffFor('rub-dcNext').tariff.perKwhMinor).toBeGreaterThan(
      tariffFor('rub-dc').tariff.perKwhMinor ?? 0,
    );
  });

  it('prices in the local currency, cheaper DC at night', () => {
    const { tariff, zones } = tariffFor('kzt-dc');
    expect(tariff.currency).toBe('kzt');
    expect(zones[0]).toMatchObject({ fromTime: '23:00', toTime: '07:00' });
    expect(zones[0]?.perKwhMinor).toBeLessThan(tariff.perKwhMinor ?? 0);
  });
});
