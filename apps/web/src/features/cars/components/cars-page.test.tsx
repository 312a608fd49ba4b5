import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCar, catalogue } from '@/test/driver-builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { CarsPage } from './cars-page';

const saved = buildCar({ Id: '5d1c2b3a-0000-4000-8000-000000000001', name: 'Work EV6', catalogueId: 'kia-ev6-77', vin: 'KNAC381AFN5000001', batteryKwh: 74, maxAcKw: 11, maxDcKw: 233 });

function serve(cars: unknown[], extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: '/api/cars/all', reply: () => jsonResponse(200, catalogue) },
    { path: '/api/cars', reply: () => jsonResponse(200, { items: cars }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const posted = (server: ReturnType<typeof serve>) => server.sent.filter((r) => r.method === 'POST' && r.url.pathname === '/api/car');

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CarsPage', () => {
  it('shows each car with its model, battery, power, state and update date', async () => {
    serve([buildCar()]);
    await renderScreen(<CarsPage />, '/cars');
    const card = await screen.findByTestId('car-card');
    expect(within(card).getByRole('heading', { name: 'Family Leaf' })).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId('car-model').textContent).toBe('Nissan Leaf (40 kWh)'));
    expect(within(card).getByTestId('car-battery').textContent).toContain('39 kWh');
    expect(within(card).getByTestId('car-ac').textContent).toContain('6.6 kW');
    expect(within(card).getByTestId('car-dc').textContent).toContain('50 kW');
    expect(within(card).getByTestId('car-soc').textContent).toContain('64%');
    expect(within(card).getByTestId('car-range').textContent).toContain('170 km');
    expect(within(card).getByTestId('car-temperature').textContent).toContain('18°C');
    expect(within(card).getByTestId('car-vin').textContent).toBe('SJNFAAZE0U6000001');
    expect(within(card).getByTestId('car-updated').textContent).toMatch(/^Updated May 12, 2025/);
    expect(within(card).getByTestId('car-edit').getAttribute('href')).toBe(`/cars?car=${buildCar().Id}`);
  });

  it('invites a driver without cars to add one', async () => {
    serve([]);
    await renderScreen(<CarsPage />, '/cars');
    const empty = await screen.findByTestId('cars-empty');
    expect(within(empty).getByRole('heading', { name: 'No cars yet' })).toBeTruthy();
    expect(within(empty).getByTestId('cars-add-first').getAttribute('href')).toBe('/cars?car=new');
  });

  it('saves a car with a valid VIN, in API units, and goes back to the list', async () => {
    const server = serve([], [{ method: 'POST', path: '/api/car', reply: () => jsonResponse(201, saved) }]);
    const { router } = await renderScreen(<CarsPage />, '/cars?car=new');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('car-name'), 'Work EV6');
    await screen.findByRole('option', { name: 'Kia EV6 (77 kWh)' });
    await user.selectOptions(screen.getByTestId('car-model-select'), 'kia-ev6-77');
    expect(screen.getByTestId('car-model-hint').textContent).toBe('Battery 74 kWh · AC up to 11 kW · DC up to 233 kW');
    await user.type(screen.getByTestId('car-vin-input'), 'knac381afn5000001');
    await user.type(screen.getByTestId('car-soc-input'), '80');
    await user.click(screen.getByTestId('car-save'));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(posted(server).map((r) => r.body)).toEqual([{
      name: 'Work EV6', catalogueId: 'kia-ev6-77', vin: 'KNAC381AFN5000001', socPercent: 80,
      batteryTemperatureC: null, rangeKm: null, lat: null, lng: null,
    }]);
    expect((await screen.findByTestId('cars-saved')).textContent).toContain('“Work EV6” is saved.');
  });

  it('says what is wrong with a VIN and sends nothing', async () => {
    const server = serve([]);
    await renderScreen(<CarsPage />, '/cars?car=new');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('car-name'), 'Work EV6');
    await user.type(screen.getByTestId('car-vin-input'), 'KNAC381AFN50000O1');
    await user.click(screen.getByTestId('car-save'));

    expect((await screen.findByTestId('car-vin-error')).textContent).toBe('A VIN has 17 letters and digits (no I, O or Q)');
    expect(screen.getByTestId('car-vin-input').getAttribute('aria-invalid')).toBe('true');
    expect(posted(server)).toEqual([]);
  });

  it('shows the server’s field rules on the fields, and other failures translated', async () => {
    const answers = [
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'x', fields: [{ path: 'catalogueId', rule: 'invalid' }] }),
      jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }),
    ];
    serve([], [{ method: 'POST', path: '/api/car', reply: () => answers.shift()! }]);
    await renderScreen(<CarsPage />, '/cars?car=new');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('car-name'), 'Work EV6');
    await user.click(screen.getByTestId('car-save'));
    expect((await screen.findByText('Check this value'))).toBeTruthy();
    expect(screen.queryByTestId('car-form-error')).toBeNull();

    await user.click(screen.getByTestId('car-save'));
    const alert = await screen.findByTestId('car-form-error');
    expect(alert.textContent).toContain('The service is temporarily unavailable. Try again in a few minutes.');
  });

  it('changes a car, keeping its position, and deletes one only after asking', async () => {
    const car = buildCar();
    const cars = [car];
    const server = serve(cars, [
      { method: 'PUT', path: `/api/car/${car.Id}`, reply: () => jsonResponse(200, { ...car, rangeKm: 200 }) },
      { method: 'DELETE', path: `/api/car/${car.Id}`, reply: () => (cars.splice(0), jsonResponse(200, { ok: true })) },
    ]);
    const { router } = await renderScreen(<CarsPage />, `/cars?car=${car.Id}`);
    const user = userEvent.setup();
    const range = await screen.findByTestId('car-range-input');
    expect((screen.getByTestId('car-name') as HTMLInputElement).value).toBe('Family Leaf');
    await user.clear(range);
    await user.type(range, '200');
    await user.click(screen.getByTestId('car-save'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ rangeKm: 200, socPercent: 64, lat: 55.75, lng: 37.61 });

    await user.click(await screen.findByTestId('car-delete'));
    const dialog = screen.getByTestId('delete-car-dialog');
    expect(within(dialog).getByText(/“Family Leaf” will be removed/)).toBeTruthy();
    expect(server.sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('delete-car-confirm'));
    await waitFor(() => expect(screen.queryByTestId('car-card')).toBeNull());
    expect(server.sent.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/api/car/${car.Id}`]);
  });
});
