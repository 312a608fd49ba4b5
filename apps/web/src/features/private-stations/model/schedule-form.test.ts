import { describe, expect, it } from 'vitest';
import type { SharingSchedule } from '@evcharge/api/private-stations/private-stations';
import { bodyOf, formOf, minorToText, newInterval, textToMinor } from './schedule-form';

const none = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
const schedule: SharingSchedule = {
  stationId: 's1',
  isShared: true,
  weekly: { ...none, mo: [{ from: '18:00', to: '24:00' }] },
  datesOff: ['2031-05-01'],
  prices: { perKwhMinor: 1550, perMinuteMinor: 0, parkingPerMinuteMinor: 500 },
  currency: 'rub',
  limits: { maxPerKwhMinor: 3000, maxPerMinuteMinor: 500, maxParkingPerMinuteMinor: 1000 },
  platformFeePercent: 15,
  utcOffsetMinutes: 180,
  isSharedNow: false,
  nextChangeAt: null,
};

describe('the schedule form', () => {
  it('round-trips the saved terms; a period to midnight shows as 00:00', () => {
    const form = formOf(schedule);
    expect(form.weekly.mo.map(({ from, to }) => [from, to])).toEqual([['18:00', '00:00']]);
    expect(form.prices).toEqual({ perKwhMinor: '15.5', perMinuteMinor: '0', parkingPerMinuteMinor: '5' });
    expect(bodyOf(form, schedule)).toEqual({
      body: { isShared: true, weekly: schedule.weekly, datesOff: ['2031-05-01'], prices: schedule.prices },
    });
  });

  it.each([
    ['an end before the start', { tu: [newInterval('18:00', '09:00')] }, {}, 'weekly.tu.0.to', 'periodOrder'],
    ['an empty time', { we: [newInterval('', '10:00')] }, {}, 'weekly.we.0.from', 'timeFormat'],
    ['a price above the brand’s limit', {}, { perKwhMinor: '30.01' }, 'prices.perKwhMinor', 'priceLimit'],
    ['a price with three decimals', {}, { perMinuteMinor: '1.005' }, 'prices.perMinuteMinor', 'number'],
    ['no price at all', {}, { parkingPerMinuteMinor: '' }, 'prices.parkingPerMinuteMinor', 'number'],
  ])('refuses %s', (_name, weekly, prices, path, rule) => {
    const form = formOf(schedule);
    const changed = { ...form, weekly: { ...form.weekly, ...weekly }, prices: { ...form.prices, ...prices } };
    expect(bodyOf(changed, schedule)).toEqual({ errors: { [path]: rule } });
  });

  it('reads prices digit by digit', () => {
    expect(textToMinor('15,5', 'rub')).toBe(1550);
    expect(textToMinor('30', 'rub')).toBe(3000);
    expect(textToMinor('0.07', 'rub')).toBe(7);
    expect(textToMinor('-1', 'rub')).toBeNull();
    expect(minorToText(3000, 'rub')).toBe('30');
    expect(minorToText(7, 'rub')).toBe('0.07');
  });
});
