import { beforeAll, describe, expect, it } from 'vitest';
import { tariffSummary, type OcpiTariff, type TariffRestrictions } from '@evcharge/domain/roaming-tariff';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import { daysText, restrictionWords } from './roaming-words';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['station']);
});

/** The words for one element's OCPI 2.2.1 §11.4.6 restrictions, read through tariffSummary. */
function words(restrictions: TariffRestrictions, language = 'en'): string[] {
  const tariff: OcpiTariff = {
    id: 'T', currency: 'EUR',
    elements: [{ price_components: [{ type: 'ENERGY', price: 0.3, step_size: 1 }], restrictions }],
  };
  const summary = tariffSummary(tariff);
  // Intl separates with narrow no-break spaces in some languages; compare with plain ones.
  return restrictionWords(i18n.getFixedT(language), summary.elements[0]!.restrictions, language).map((w) => w.replace(/[\u00a0\u202f]/g, ' '));
}

describe('restrictionWords', () => {
  it.each([
    [{ min_power: 50 }, ['above 50 kW']],
    [{ max_power: 22 }, ['below 22 kW']],
    [{ min_power: 11, max_power: 22.5 }, ['from 11 kW to 22.5 kW']],
    [{ min_current: 16 }, ['above 16 A']],
    [{ min_kwh: 10 }, ['after 10 kWh charged']],
    [{ max_kwh: 20 }, ['the first 20 kWh']],
    [{ min_kwh: 10, max_kwh: 40 }, ['from 10 kWh to 40 kWh charged']],
    [{ min_duration: 7200 }, ['after 2 h']],
    [{ max_duration: 1800 }, ['the first 30 min']],
    [{ min_duration: 5400 }, ['after 1 h 30 min']],
    [{ start_time: '22:00', end_time: '06:00' }, ['10:00 PM–6:00 AM']],
    [{ start_time: '18:00' }, ['from 6:00 PM']],
    [{ start_date: '2026-12-01', end_date: '2027-01-01' }, ['from Dec 1, 2026 until Jan 1, 2027']],
    [{ reservation: 'RESERVATION' }, ['while reserved']],
    [{ reservation: 'RESERVATION_EXPIRES' }, ['after a reservation expires']],
  ] as [TariffRestrictions, string[]][])('%j reads %j', (restrictions, expected) => {
    expect(words(restrictions)).toEqual(expected);
  });

  it('lists several conditions in a fixed order: days, time, power', () => {
    expect(words({ min_power: 50, start_time: '22:00', end_time: '06:00', day_of_week: ['FRIDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'] }))
      .toEqual(['Mon–Fri', '10:00 PM–6:00 AM', 'above 50 kW']);
  });

  it('is empty for an element that always applies', () => {
    expect(words({})).toEqual([]);
  });

  it("speaks the reader's language: times as the app writes them and units in Russian", async () => {
    await i18n.loadLanguages('ru');
    await i18n.loadNamespaces('station');
    expect(words({ start_time: '22:00', end_time: '06:00', min_power: 50, min_duration: 7200 }, 'ru'))
      .toEqual(['22:00–6:00', 'свыше 50 кВт', 'после 2 ч']);
  });
});

describe('daysText', () => {
  it.each([
    [['SATURDAY', 'SUNDAY'], 'Sat, Sun'],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'FRIDAY'], 'Mon–Wed, Fri'],
    [['MONDAY', 'WEDNESDAY'], 'Mon, Wed'],
  ] as const)('%j is %s', (days, text) => {
    expect(daysText(days, 'en')).toBe(text);
  });
});
