import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildRoamingStation, buildStation } from '@/test/builders';
import { buildCharge } from '@/test/charge-builders';
import { buildCar, buildLoyaltyCard, loyaltyCompanies } from '@/test/driver-builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { setChargingProfile, setLimitDraft } from '../model/precharge-store';
import { PrechargingPage } from './precharging-page';

const station = buildStation();
const path = `/precharging?station=${station.id}&connector=1`;

const plan = {
  powerW: 150_000, energyWh: 27_027, minutes: 11, costMinor: 50_000, currency: 'rub',
  canStart: true, minBalanceMinor: 10_000, balanceMinor: 150_050, balanceCurrency: 'rub', blockedBy: null, opensAt: null, payWith: 'balance', cardHoldMinor: null,
  exchange: null,
};

function serve(extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: `/api/v2/chargestation/${station.id}`, reply: () => jsonResponse(200, station) },
    { path: '/api/charge', reply: () => jsonResponse(200, { items: [], cursor: 0 }) },
    { method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, plan) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
  setChargingProfile('fast');
  setLimitDraft(`${station.id}:1`, { mode: 'none', text: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrechargingPage', () => {
  it('shows the connector with its prices and the estimate, and starts charging with the limit in API units', async () => {
    const server = serve([
      { method: 'PUT', path: '/api/charge', reply: () => jsonResponse(200, buildCharge({ status: 'preparing' })) },
    ]);
    const { router } = await renderScreen(<PrechargingPage />, path);
    const summary = await screen.findByTestId('precharge-connector');
    expect(within(summary).getByText('Tverskaya 12')).toBeTruthy();
    expect(within(summary).getByText('CCS2')).toBeTruthy();
    // The power as the station page writes it (components/station/power-text): "150 kW".
    expect(within(summary).getByText('150 kW · DC')).toBeTruthy();
    expect(within(summary).getByTestId('tariff-perKwh').textContent).toMatch(/18\.50/);

    const user = userEvent.setup();
    await user.click(screen.getByTestId('limit-mode-cost'));
    await user.type(screen.getByTestId('limit-value'), '500');
    // The estimate follows the limit once the driver pauses typing.
    await waitFor(() => {
      const asked = server.sent.filter((r) => r.url.pathname === '/api/charge/plan').at(-1);
      expect(asked?.body).toEqual({ connectorId: 'c1', limit: { mode: 'cost', value: 50_000 }, profile: 'fast' });
    });
    expect((await screen.findByTestId('estimate-energy')).textContent).toContain('27.0 kWh');
    expect(screen.getByTestId('estimate-cost').textContent).toMatch(/500\.00/);

    await user.click(screen.getByTestId('start-charge'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/charging'));
    expect(router.state.location.search).toBe('?tx=7');
    const started = server.sent.find((r) => r.method === 'PUT' && r.url.pathname === '/api/charge');
    expect(started?.body).toEqual({ connectorId: 'c1', limit: { mode: 'cost', value: 50_000 }, profile: 'fast' });
  });

  it('asks for a value when a limit type is chosen, and sends nothing until there is one', async () => {
    const server = serve();
    await renderScreen(<PrechargingPage />, path);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('limit-mode-energy'));
    await user.click(screen.getByTestId('start-charge'));
    expect((await screen.findByTestId('limit-value-error')).textContent).toBe('Enter a value for the chosen limit');
    expect(document.activeElement).toBe(screen.getByTestId('limit-value'));

    await user.type(screen.getByTestId('limit-value'), '12,5x');
    expect(screen.getByTestId('limit-value-error').textContent).toBe('Enter a number');
    expect(server.sent.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('keeps the profile chosen on chargeProfile and shows its power here', async () => {
    setChargingProfile('gentle');
    const server = serve();
    await renderScreen(<PrechargingPage />, path);
    const row = await screen.findByTestId('precharge-profile');
    expect(row.textContent).toContain('Gentle');
    // SPEC: gentle caps DC at a quarter of the connector (150 kW → 37.5 kW).
    expect(row.textContent).toContain('37.5 kW');
    expect(row.getAttribute('href')).toBe(`/chargeProfile?station=${station.id}&connector=1`);
    await waitFor(() => expect(server.sent.find((r) => r.url.pathname === '/api/charge/plan')?.body).toMatchObject({ profile: 'gentle' }));
  });

  it('explains the minimum balance and does not offer to start below it', async () => {
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, { ...plan, canStart: false, balanceMinor: 2_000, blockedBy: 'funds', payWith: null }) }]);
    await renderScreen(<PrechargingPage />, path);
    const notice = await screen.findByTestId('min-balance-notice');
    expect(notice.textContent).toMatch(/at least .*100\.00.*You have .*20\.00/);
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a debt blocks the start and leads to paying it', async () => {
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, { ...plan, canStart: false, balanceMinor: -24_000, blockedBy: 'debt', payWith: null }) }]);
    await renderScreen(<PrechargingPage />, path);
    const notice = await screen.findByTestId('debt-notice');
    expect(notice.textContent).toMatch(/240\.00 of an earlier session is unpaid/);
    expect(screen.getByTestId('estimate-pay-debt').getAttribute('href')).toBe('/debt');
    expect(screen.queryByTestId('min-balance-notice')).toBeNull();
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a closed station opens when, and does not offer to start', async () => {
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, { ...plan, canStart: false, blockedBy: 'closed', opensAt: '08:00', payWith: 'balance' }) }]);
    await renderScreen(<PrechargingPage />, path);
    const notice = await screen.findByTestId('closed-notice');
    expect(notice.textContent).toContain('The station is closed. Opens at 08:00.');
    expect(screen.queryByTestId('min-balance-notice')).toBeNull();
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['notWorking', 'The station is not working: charging cannot start here now.'],
    ['underRepair', 'The station is under repair: charging cannot start here now.'],
    ['openingSoon', 'The station is opening soon: charging cannot start here yet.'],
  ])('says why a station %s takes no start (SPEC §4), and does not offer to start', async (label, words) => {
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, { ...plan, canStart: false, blockedBy: label, payWith: 'balance' }) }]);
    await renderScreen(<PrechargingPage />, path);
    const notice = await screen.findByTestId('station-label-notice');
    expect(notice.textContent).toContain(words);
    expect(screen.queryByTestId('min-balance-notice')).toBeNull();
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(true);
  });

  it('at a station priced in dollars, says the estimate in both currencies and the rate the rouble balance pays at (SPEC §3)', async () => {
    const dollars = { ...plan, costMinor: 37_200, currency: 'rub', exchange: { currency: 'usd', costMinor: 400, rate: '93' } };
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, dollars) }]);
    setLimitDraft(`${station.id}:1`, { mode: 'energy', text: '10' });
    await renderScreen(<PrechargingPage />, path);
    expect((await screen.findByTestId('estimate-exchange')).textContent).toBe('$4.00 ≈ ₽372.00 from your balance at ₽93.00/$');
    expect(screen.getByTestId('estimate-cost').textContent).toContain('₽372.00');
  });

  it('at a station priced in dollars, says the minimum and the balance short in roubles, the top-up currency', async () => {
    const short = { ...plan, currency: 'rub', canStart: false, blockedBy: 'funds', payWith: null, balanceMinor: 5_000, balanceCurrency: 'rub', exchange: { currency: 'usd', costMinor: 400, rate: '93' } };
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, short) }]);
    await renderScreen(<PrechargingPage />, path);
    const notice = await screen.findByTestId('min-balance-notice');
    expect(notice.textContent).toContain('at least ₽100.00 on your balance, or a bound card. You have ₽50.00.');
    expect(notice.textContent).not.toContain('$');
  });

  it('starts on the default card when the balance is short, saying what it holds', async () => {
    serve([{ method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, { ...plan, canStart: true, balanceMinor: 2_000, blockedBy: null, payWith: 'card', cardHoldMinor: 100_000 }) }]);
    await renderScreen(<PrechargingPage />, path);
    const note = await screen.findByTestId('card-hold-note');
    expect(note.textContent).toMatch(/1,000\.00 will be held on your default card/);
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['DEBT_BLOCKS', 402, 'You have unpaid charges. Pay the debt to continue.'],
    ['CONNECTOR_BUSY', 409, 'A charging session is already running on this connector.'],
    ['TOO_MANY_SESSIONS', 409, 'You have too many charging sessions running at once.'],
    ['COMMAND_REJECTED', 409, 'The station could not carry out this command. Try again or choose another connector.'],
    ['EMERGENCY_STOP', 409, "The station's emergency button has been pressed. Charging is not possible."],
    ['INSUFFICIENT_FUNDS', 402, 'Not enough money on the balance to start charging. Top it up or add a card.'],
    ['SERVICE_UNAVAILABLE', 503, 'The service is temporarily unavailable. Try again in a few minutes.'],
    ['START_TIMEOUT', 504, 'The station did not start charging in time. The session was cancelled and nothing was charged.'],
  ])('shows the translated %s answer of a start', async (code, status, text) => {
    serve([{ method: 'PUT', path: '/api/charge', reply: () => jsonResponse(status, { code, message: code }) }]);
    const { router } = await renderScreen(<PrechargingPage />, path);
    await userEvent.setup().click(await screen.findByTestId('start-charge'));
    const alert = await screen.findByTestId('start-error');
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByText(text).dataset.code).toBe(code);
    expect(router.state.location.pathname).toBe('/precharging');
  });

  it('offers the driver’s cars, the one updated last chosen, and sends the choice with the estimate and the start', async () => {
    const older = buildCar({ Id: 'a0000000-0000-4000-8000-00000000000a', name: 'Old Leaf', updatedAt: '2025-01-01T08:00:00.000Z' });
    const newer = buildCar({
      Id: 'b0000000-0000-4000-8000-00000000000b', name: 'Work EV6', catalogueId: 'kia-ev6-77',
      batteryKwh: 74, maxAcKw: 11, maxDcKw: 233, updatedAt: '2025-05-01T08:00:00.000Z',
    });
    const server = serve([
      { path: '/api/cars', reply: () => jsonResponse(200, { items: [older, newer] }) },
      { method: 'PUT', path: '/api/charge', reply: () => jsonResponse(200, buildCharge({ status: 'preparing' })) },
    ]);
    await renderScreen(<PrechargingPage />, path);
    const select = (await screen.findByTestId('precharge-car')) as HTMLSelectElement;
    expect(select.value).toBe(newer.Id);
    expect(screen.getByText('Battery 74 kWh · AC up to 11 kW · DC up to 233 kW')).toBeTruthy();
    const plans = () => server.sent.filter((r) => r.url.pathname === '/api/charge/plan').map((r) => (r.body as { carId?: string }).carId);
    await waitFor(() => expect(plans()).toEqual([newer.Id]));

    const user = userEvent.setup();
    await user.selectOptions(select, older.Id);
    await waitFor(() => expect(plans().at(-1)).toBe(older.Id));
    await user.click(screen.getByTestId('start-charge'));
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ connectorId: 'c1', carId: older.Id }));
  });

  it('describes the chosen car by what is known of it, saying no model is chosen only when it has none', async () => {
    const noDc = buildCar({ Id: 'c0000000-0000-4000-8000-00000000000c', name: 'City car', catalogueId: 'nissan-leaf-40', maxDcKw: null, updatedAt: '2025-06-01T08:00:00.000Z' });
    const bare = buildCar({ Id: 'd0000000-0000-4000-8000-00000000000d', name: 'Old van', catalogueId: null, batteryKwh: null, maxAcKw: null, maxDcKw: null, updatedAt: '2025-01-01T08:00:00.000Z' });
    serve([{ path: '/api/cars', reply: () => jsonResponse(200, { items: [bare, noDc] }) }]);
    await renderScreen(<PrechargingPage />, path);
    const select = (await screen.findByTestId('precharge-car')) as HTMLSelectElement;
    expect(select.value).toBe(noDc.Id);
    expect(screen.getByText('Battery 39 kWh · AC up to 6.6 kW')).toBeTruthy();
    expect(screen.queryByText(/No model chosen/)).toBeNull();

    await userEvent.setup().selectOptions(select, bare.Id);
    expect(await screen.findByText('No model chosen for this car: the estimate goes by the connector.')).toBeTruthy();
  });

  it('charges without a car when the driver says so, and offers to add one when there is none', async () => {
    const server = serve([{ path: '/api/cars', reply: () => jsonResponse(200, { items: [buildCar()] }) }]);
    await renderScreen(<PrechargingPage />, path);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('precharge-car'), '');
    await waitFor(() => {
      const last = server.sent.filter((r) => r.url.pathname === '/api/charge/plan').at(-1);
      expect(last?.body).toEqual({ connectorId: 'c1', limit: expect.anything(), profile: 'fast' });
    });

    serve([{ path: '/api/cars', reply: () => jsonResponse(200, { items: [] }) }]);
    await renderScreen(<PrechargingPage />, path);
    expect((await screen.findByTestId('precharge-no-car')).querySelector('a')?.getAttribute('href')).toBe('/cars');
  });

  it('runs on the default loyalty card unless the driver picks another or none, sent with the estimate and the start', async () => {
    const groceries = buildLoyaltyCard();
    const miles = buildLoyaltyCard({ id: '3c2b1a00-0000-4000-8000-0000000000c2', number: '0012345678', name: null, company: loyaltyCompanies.items[1]!, points: 40, isDefault: false });
    const withDiscount = { ...plan, costMinor: 47_500, loyalty: { cardId: groceries.id, companyName: 'Magnit', benefit: { kind: 'discount', percent: 5 }, discountMinor: 2_500, points: null } };
    const server = serve([
      { path: '/api/loyalty', reply: () => jsonResponse(200, { items: [miles, groceries] }) },
      { method: 'POST', path: '/api/charge/plan', reply: (request) => jsonResponse(200, (request.body as { loyaltyCardId?: unknown }).loyaltyCardId === null ? plan : withDiscount) },
      { method: 'PUT', path: '/api/charge', reply: () => jsonResponse(200, buildCharge({ status: 'preparing' })) },
    ]);
    await renderScreen(<PrechargingPage />, path);
    const select = (await screen.findByTestId('precharge-loyalty')) as HTMLSelectElement;
    expect(select.value).toBe(groceries.id);
    expect([...select.options].map((option) => option.textContent)).toEqual(['EcoMiles · 5678', 'Groceries · 0008', 'No loyalty card']);
    expect(screen.getByText('Magnit — 5% off charging')).toBeTruthy();
    // The default is the server's own choice: nothing is said about the card until the driver picks.
    const plans = () => server.sent.filter((r) => r.url.pathname === '/api/charge/plan').map((r) => r.body as Record<string, unknown>);
    await waitFor(() => expect(plans()).toHaveLength(1));
    expect(plans()[0]).not.toHaveProperty('loyaltyCardId');
    expect((await screen.findByTestId('charge-loyalty')).textContent).toBe('Discount -₽25.00 by Magnit');

    const user = userEvent.setup();
    await user.selectOptions(select, '');
    expect(screen.getByText('The session gets no discount and no points.')).toBeTruthy();
    await waitFor(() => expect(plans().at(-1)).toMatchObject({ loyaltyCardId: null }));
    await waitFor(() => expect(screen.queryByTestId('charge-loyalty')).toBeNull());
    await user.selectOptions(select, miles.id);
    await waitFor(() => expect(plans().at(-1)).toMatchObject({ loyaltyCardId: miles.id }));
    await user.click(screen.getByTestId('start-charge'));
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ connectorId: 'c1', loyaltyCardId: miles.id }));
  });

  it('sends no loyalty card to start with when the driver chose none', async () => {
    const server = serve([
      { path: '/api/loyalty', reply: () => jsonResponse(200, { items: [buildLoyaltyCard()] }) },
      { method: 'PUT', path: '/api/charge', reply: () => jsonResponse(200, buildCharge({ status: 'preparing' })) },
    ]);
    await renderScreen(<PrechargingPage />, path);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('precharge-loyalty'), '');
    await user.click(screen.getByTestId('start-charge'));
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ loyaltyCardId: null }));
  });

  it('offers no loyalty card choice to a driver without cards', async () => {
    const server = serve([{ path: '/api/loyalty', reply: () => jsonResponse(200, { items: [] }) }]);
    await renderScreen(<PrechargingPage />, path);
    await screen.findByTestId('estimate-energy');
    await waitFor(() => expect(server.sent.some((r) => r.url.pathname === '/api/loyalty')).toBe(true));
    expect(screen.queryByTestId('precharge-loyalty')).toBeNull();
    expect(screen.queryByTestId('charge-loyalty')).toBeNull();
  });

  it('says when the connector is taken meanwhile', async () => {
    const taken = buildStation({ connectors: buildStation().connectors.map((c) => ({ ...c, status: 'charging' as const })) });
    vi.stubGlobal('fetch', routeFetch([
      { path: `/api/v2/chargestation/${station.id}`, reply: () => jsonResponse(200, taken) },
      { path: '/api/charge', reply: () => jsonResponse(200, { items: [], cursor: 0 }) },
      { method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, plan) },
    ]).fetch);
    await renderScreen(<PrechargingPage />, path);
    expect((await screen.findByTestId('precharge-connector-busy')).textContent).toContain('(Charging)');
    expect((screen.getByTestId('start-charge') as HTMLButtonElement).disabled).toBe(true);
  });
  describe('at a roaming partner\'s station', () => {
    const roaming = buildRoamingStation();
    const roamingPath = `/precharging?station=${roaming.id}&connector=3`;

    function serveRoaming(detail = roaming) {
      const server = routeFetch([
        { path: `/api/v2/chargestation/${roaming.id}`, reply: () => jsonResponse(200, detail) },
        { path: '/api/charge', reply: () => jsonResponse(200, { items: [], cursor: 0 }) },
        { method: 'POST', path: '/api/charge/plan', reply: () => jsonResponse(200, plan) },
      ]);
      vi.stubGlobal('fetch', server.fetch);
      return server;
    }

    beforeEach(() => setLimitDraft(`${roaming.id}:3`, { mode: 'none', text: '' }));

    it("shows this connector's partner prices in the wallet currency, and takes a cost limit in it", async () => {
      const server = serveRoaming();
      await renderScreen(<PrechargingPage />, roamingPath);
      const summary = await screen.findByTestId('precharge-connector');
      const prices = await within(summary).findByTestId('precharge-roaming-prices');
      expect(within(summary).queryByTestId('precharge-tariff')).toBeNull();
      expect(within(summary).getByTestId('precharge-roaming-operator').textContent).toBe('Operated by NordCharge through roaming');
      // Connector 3 is on the AC tariff: prices incl. 20 % VAT × 1.10 markup × 98.5 ₽ per euro.
      const energy = within(prices).getAllByTestId('roaming-ENERGY');
      expect(energy.map((row) => within(row).getByTestId('roaming-driver-price').textContent)).toEqual(['₽39.01 per kWh', '₽52.01 per kWh']);
      expect(within(energy[0]!).getByTestId('roaming-when').textContent).toBe('Sat, Sun');
      const [time] = within(prices).getAllByTestId('roaming-TIME');
      expect(time!.textContent).toMatch(/Charging time.*after 2 h.*₽390\.06 per hour/);
      // Compact: no partner price beside ours here, and no DC prices of the other connectors.
      expect(within(prices).queryByTestId('roaming-partner-price')).toBeNull();
      expect(within(prices).queryByTestId('roaming-PARKING_TIME')).toBeNull();
      expect(within(summary).getByTestId('roaming-rate').textContent).toBe('1 EUR = ₽98.50 · our fee of 10% included');

      const user = userEvent.setup();
      await user.click(screen.getByTestId('limit-mode-cost'));
      await user.type(screen.getByTestId('limit-value'), '500');
      await waitFor(() => {
        const asked = server.sent.filter((r) => r.url.pathname === '/api/charge/plan').at(-1);
        expect(asked?.body).toEqual({ connectorId: 'r3', limit: { mode: 'cost', value: 50_000 }, profile: 'fast' });
      });
    });

    it('warns before the start when the wallet currency cannot pay at this station', async () => {
      serveRoaming({ ...roaming, roaming: { ...roaming.roaming!, walletCurrency: 'kzt', rate: null } });
      await renderScreen(<PrechargingPage />, roamingPath);
      const summary = await screen.findByTestId('precharge-connector');
      expect((await within(summary).findByTestId('roaming-no-rate')).textContent).toContain('paying from a KZT wallet is not possible here');
      expect(within(summary).getAllByTestId('roaming-ENERGY')[1]!.textContent).toMatch(/€0\.48 per kWh$/);
    });
  });
});
