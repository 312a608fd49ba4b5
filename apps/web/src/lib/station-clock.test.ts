import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from './i18n';
import {
  formatStationTime,
  phoneOffsetMinutes,
  stationZoneNote,
  withStationZone,
} from './station-clock';

// 03:46 UTC: 6:46 AM at a station on UTC+3.
const at = '2026-11-20T03:46:00.000Z';

afterEach(() => vi.restoreAllMocks());

describe('a station time, one rule everywhere', () => {
  it('names no zone where the phone keeps the station’s time', () => {
    expect(stationZoneNote(at, 180, 180)).toBe('');
    expect(formatStationTime(at, 180, 'en', 'time', 180)).toBe('6:46 AM');
    expect(formatStationTime(at, 180, 'en', 'medium', 180)).toBe('Nov 20, 2026, 6:46 AM');
  });

  it('reads the station’s clock and names its zone where the phone’s differs', () => {
    // The phone on UTC would say 3:46 AM.
    expect(formatStationTime(at, 180, 'en', 'time', 0)).toBe('6:46 AM (UTC+3)');
    expect(formatStationTime(at, 180, 'en', 'medium', 0)).toBe('Nov 20, 2026, 6:46 AM (UTC+3)');
    expect(formatStationTime(at, 180, 'ru', 'time', 0)).toBe('6:46 (UTC+3)');
    expect(formatStationTime(at, -210, 'en', 'time', 0)).toBe('12:16 AM (UTC−3:30)');
    expect(formatStationTime(at, 0, 'en', 'time', 180)).toBe('3:46 AM (UTC)');
  });

  it('moves the date with the station’s clock', () => {
    // 22:30 UTC on the 20th is already the 21st at UTC+3.
    expect(formatStationTime('2026-11-20T22:30:00Z', 180, 'en', 'long', 0)).toMatch(
      /^November 21, 2026.*1:30 AM \(UTC\+3\)$/,
    );
  });

  it('writes the date in a language Intl lacks from its locale file, on the station’s clock', async () => {
    await initI18n('en');
    await loadNamespaces(['common']);
    const text = formatStationTime(at, 180, 'ky', 'medium', 0);
    expect(text).toContain('06:46');
    expect(text.endsWith(' (UTC+3)')).toBe(true);
  });

  it('takes the phone’s own offset at that instant unless told', () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-180);
    expect(phoneOffsetMinutes(new Date(at))).toBe(180);
    expect(withStationZone('6:46 AM', at, 180)).toBe('6:46 AM');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    expect(withStationZone('6:46 AM', at, 180)).toBe('6:46 AM (UTC+3)');
  });

  it('gives back what is no date as it came', () => {
    expect(formatStationTime('soon', 180, 'en')).toBe('soon');
  });
});
