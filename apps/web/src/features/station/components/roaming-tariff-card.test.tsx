import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildRoamingStation } from '@/test/builders';
import { renderScreen } from '@/test/render';
import { RoamingTariffCard } from './roaming-tariff-card';

type RoamingStation = Parameters<typeof RoamingTariffCard>[0]['station'];

// Thursday 26 November 2026, 11:00 at the station (UTC+1).
const thursdayMorning = new Date('2026-11-26T10:00:00Z');

function roamingStation(patch: Parameters<typeof buildRoamingStation>[0] = {}): RoamingStation {
  const station = buildRoamingStation(patch);
  return { ...station, roaming: station.roaming! };
}

async function renderCard(station = roamingStation(), now = thursdayMorning) {
  await renderScreen(<RoamingTariffCard station={station} now={now} />);
  return screen.getByTestId('station-roaming-tariff');
}

function tariffSection(card: HTMLElement, id: string): HTMLElement {
  const section = within(card).getAllByTestId('roaming-tariff').find((s) => s.dataset.tariffId === id);
  if (!section) throw new Error(`no section for ${id}`);
  return section;
}

function rows(section: HTMLElement, type: string): HTMLElement[] {
  return within(section).getAllByTestId(`roaming-${type}`);
}

describe('RoamingTariffCard', () => {
  it('names the operator, the rate and our fee, and groups the tariffs by the connectors using them', async () => {
    const card = await renderCard();
    expect(within(card).getByTestId('roaming-operator').textContent).toBe('Operated by NordCharge through roaming');
    expect(within(card).getByTestId('roaming-rate').textContent).toBe('1 EUR = ₽98.50 · our fee of 10% included');
    const sections = within(card).getAllByTestId('roaming-tariff');
    expect(sections.map((s) => s.dataset.tariffId)).toEqual(['NC-DC', 'NC-AC']);
    expect(within(sections[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Connector 1 · CCS2, Connector 2 · CHAdeMO');
    expect(within(sections[1]!).getByRole('heading', { level: 3 }).textContent).toBe('Connector 3 · Type 2');
    expect(within(card).queryByTestId('roaming-no-rate')).toBeNull();
    expect(within(card).queryByTestId('roaming-unpriced')).toBeNull();
  });

  it('converts each price into the wallet currency with the markup, the partner price beside it', async () => {
    const card = await renderCard();
    const dc = tariffSection(card, 'NC-DC');
    // Each price incl. 20 % VAT, then × 1.10 (markup) × 98.5 (rate), rounded half up to kopecks.
    const [fast, energy] = rows(dc, 'ENERGY');
    // 0.45 × 1.2 = 0.54 EUR; 0.54 × 1.1 × 98.5 = 58.509 → ₽58.51.
    expect(within(fast!).getByTestId('roaming-driver-price').textContent).toBe('₽58.51 per kWh');
    expect(within(fast!).getByTestId('roaming-partner-price').textContent).toBe('€0.54 per kWh');
    expect(within(fast!).getByTestId('roaming-when').textContent).toBe('above 50 kW');
    // One VAT for every price of the tariff: said once, under the list.
    expect(fast!.textContent).not.toContain('VAT');
    expect(within(dc).getByTestId('roaming-vat').textContent).toBe('All prices include 20% VAT');
    // 0.35 × 1.2 = 0.42 EUR; 0.42 × 1.1 × 98.5 = 45.507 → ₽45.51, for every other power.
    expect(within(energy!).getByTestId('roaming-driver-price').textContent).toBe('₽45.51 per kWh');
    expect(within(energy!).getByTestId('roaming-partner-price').textContent).toBe('€0.42 per kWh');
    expect(within(energy!).queryByTestId('roaming-when')).toBeNull();
    // 0.50 × 1.2 = 0.60 EUR; 0.60 × 1.1 × 98.5 = 65.01.
    const [flat] = rows(dc, 'FLAT');
    expect(flat!.textContent).toMatch(/^Session fee.*₽65\.01 per session€0\.60 per session$/);
    const [night, day] = rows(dc, 'PARKING_TIME');
    // 1.20 × 1.2 = 1.44 EUR; 1.44 × 1.1 × 98.5 = 156.024 → ₽156.02 an hour, 22:00–06:00.
    expect(within(night!).getByTestId('roaming-driver-price').textContent).toBe('₽156.02 per hour');
    expect(within(night!).getByTestId('roaming-when').textContent).toMatch(/^10:00\sPM–6:00\sAM$/);
    // 6.00 × 1.2 = 7.20 EUR; 7.20 × 1.1 × 98.5 = 780.12.
    expect(within(day!).getByTestId('roaming-driver-price').textContent).toBe('₽780.12 per hour');
    expect(within(card).getByTestId('roaming-station-time').textContent).toBe("Times are the station's local time (UTC+1).");
    // max_price 36 EUR incl. VAT × 1.1 × 98.5 = 3,900.60.
    expect(within(dc).getByTestId('roaming-maxPrice').textContent).toBe('Maximum session price₽3,900.60€36.00');
  });

  it('says when the AC tariff applies: weekends, and charging time after 2 h', async () => {
    const ac = tariffSection(await renderCard(), 'NC-AC');
    const [weekend, weekday] = rows(ac, 'ENERGY');
    // 0.30 × 1.2 × 1.1 × 98.5 = 39.006; 0.40 × 1.2 × 1.1 × 98.5 = 52.008.
    expect(within(weekend!).getByTestId('roaming-driver-price').textContent).toBe('₽39.01 per kWh');
    expect(within(weekend!).getByTestId('roaming-when').textContent).toBe('Sat, Sun');
    expect(within(weekday!).getByTestId('roaming-driver-price').textContent).toBe('₽52.01 per kWh');
    const [time] = rows(ac, 'TIME');
    // 3.00 × 1.2 × 1.1 × 98.5 = 390.06 an hour.
    expect(within(time!).getByTestId('roaming-driver-price').textContent).toBe('₽390.06 per hour');
    expect(within(time!).getByTestId('roaming-when').textContent).toBe('after 2 h');
  });

  it('estimates 20 kWh started now at the fastest connector of each tariff', async () => {
    const card = await renderCard();
    // DC at 150 kW (above 50 kW): 20 × 0.54 + 0.60 = 11.40 EUR → 11.40 × 1.1 × 98.5 = 1,235.19.
    expect(within(tariffSection(card, 'NC-DC')).getByTestId('roaming-estimate').textContent)
      .toBe('About ₽1,235 for 20 kWh at 150 kW, starting now');
    // AC at 22 kW on a Thursday: 54.5 min (no time charge yet), 20 × 0.48 = 9.60 EUR → 1,040.16.
    expect(within(tariffSection(card, 'NC-AC')).getByTestId('roaming-estimate').textContent)
      .toBe('About ₽1,040 for 20 kWh at 22 kW, starting now');
  });

  it('prices the weekend energy in the estimate on a Saturday', async () => {
    // Saturday 28 November 2026, 11:00 at the station: 20 × 0.36 = 7.20 EUR → 7.20 × 1.1 × 98.5 = 780.12.
    const card = await renderCard(roamingStation(), new Date('2026-11-28T10:00:00Z'));
    expect(within(tariffSection(card, 'NC-AC')).getByTestId('roaming-estimate').textContent)
      .toBe('About ₽780 for 20 kWh at 22 kW, starting now');
  });

  it('says clearly when the wallet currency cannot pay here, and shows the operator prices in theirs', async () => {
    const base = roamingStation();
    const card = await renderCard({ ...base, roaming: { ...base.roaming, walletCurrency: 'kzt', rate: null } });
    const alert = within(card).getByTestId('roaming-no-rate');
    expect(alert.textContent).toContain('Cannot be paid from your wallet');
    expect(alert.textContent).toContain('This station charges in EUR, and paying from a KZT wallet is not possible here.');
    expect(within(card).queryByTestId('roaming-rate')).toBeNull();
    const dc = tariffSection(card, 'NC-DC');
    expect(within(dc).queryByTestId('roaming-driver-price')).toBeNull();
    expect(rows(dc, 'ENERGY')[1]!.textContent).toMatch(/€0\.42 per kWh$/);
    expect(within(dc).getByTestId('roaming-estimate').textContent).toBe('About €11.40 for 20 kWh at 150 kW, starting now');
  });

  it('names connectors the operator has sent no tariff for', async () => {
    const base = roamingStation();
    const connectors = base.connectors.map((c) => (c.number === 3 ? { ...c, roamingTariffId: null } : c));
    const card = await renderCard({ ...base, connectors });
    expect(within(card).getAllByTestId('roaming-tariff').map((s) => s.dataset.tariffId)).toEqual(['NC-DC']);
    expect(within(card).getByTestId('roaming-unpriced').textContent).toBe('The operator has not sent prices yet for: Connector 3 · Type 2');
  });
  it('shows VAT beside each price when the prices differ in it', async () => {
    const base = roamingStation();
    const [dcTariff, acTariff] = base.roaming.tariffs;
    // A session fee without VAT (OCPI 2.2.1 §11.4.2: no vat field, no VAT applies) beside 20 % energy.
    const mixed = { ...acTariff!, elements: [...acTariff!.elements, { price_components: [{ type: 'FLAT' as const, price: 1, step_size: 1 }] }] };
    const ac = tariffSection(await renderCard({ ...base, roaming: { ...base.roaming, tariffs: [dcTariff!, mixed] } }), 'NC-AC');
    expect(within(ac).queryByTestId('roaming-vat')).toBeNull();
    expect(rows(ac, 'ENERGY')[1]!.textContent).toContain('incl. 20% VAT');
    const [flat] = rows(ac, 'FLAT');
    expect(flat!.textContent).not.toContain('VAT');
    // 1.00 EUR × 1.1 × 98.5 = 108.35.
    expect(within(flat!).getByTestId('roaming-driver-price').textContent).toBe('₽108.35 per session');
  });
});
