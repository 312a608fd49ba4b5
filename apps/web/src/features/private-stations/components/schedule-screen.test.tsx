import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharingSchedule } from '@evcharge/api/private-stations/private-stations';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { MyChargesPage } from './my-charges-page';

const id = '5a1b0000-0000-4000-8000-000000000001';
const none = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
const schedule: SharingSchedule = {
  stationId: id,
  isShared: false,
  weekly: { ...none, mo: [{ from: '18:00', to: '24:00' }] },
  datesOff: [],
  prices: { perKwhMinor: 1500, perMinuteMinor: 0, parkingPerMinuteMinor: 0 },
  currency: 'rub',
  limits: { maxPerKwhMinor: 3000, maxPerMinuteMinor: 500, maxParkingPerMinuteMinor: 1000 },
  platformFeePercent: 15,
  utcOffsetMinutes: 180,
  isSharedNow: false,
  nextChangeAt: null,
};

function serve() {
  const server = routeFetch([
    { path: '/api/chargestation/get/private', reply: () => jsonResponse(200, { items: [], earnings: [] }) },
    { path: `/api/chargestation/private/${id}/get/schedule`, reply: () => jsonResponse(200, schedule) },
    {
      method: 'PUT',
      path: `/api/chargestation/private/${id}/save/schedule`,
      reply: (request) => jsonResponse(200, { ...schedule, ...(request.body as object), isSharedNow: true }),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the schedule screen', () => {
  it('shows the terms with the brand’s limits and the platform’s fee', async () => {
    serve();
    await renderScreen(<MyChargesPage />, `/myCharges?station=${id}`);
    const monday = await screen.findByTestId('schedule-day-mo');
    const [from, to] = [within(monday).getByTestId('schedule-from'), within(monday).getByTestId('schedule-to')];
    expect((from as HTMLInputElement).value).toBe('18:00');
    // Until midnight shows as 00:00 in a time field.
    expect((to as HTMLInputElement).value).toBe('00:00');
    expect(within(screen.getByTestId('schedule-day-tu')).getByText('Not shared on this day')).toBeTruthy();
    expect(screen.getByText('At most ₽30.00')).toBeTruthy();
    expect(screen.getByTestId('schedule-fee').textContent).toBe(
      'The platform keeps 15% of what other drivers pay; the rest goes to your balance.',
    );
    expect(screen.getByTestId('schedule-example').textContent).toBe(
      'For example, 20 kWh at this price cost the driver ₽300.00, and you get ₽255.00.',
    );
    expect(screen.getByText("Times and dates are the station's local time (UTC+3).")).toBeTruthy();
  });

  it('saves the switch, hours per day, a date off and prices as the server takes them', async () => {
    const server = serve();
    await renderScreen(<MyChargesPage />, `/myCharges?station=${id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('schedule-shared'));
    const tuesday = screen.getByTestId('schedule-day-tu');
    await user.click(within(tuesday).getByTestId('schedule-add-interval'));
    await user.click(within(screen.getByTestId('schedule-day-mo')).getByTestId('schedule-remove-interval'));
    fireEvent.change(screen.getByTestId('schedule-date'), { target: { value: '2031-05-01' } });
    await user.click(screen.getByTestId('schedule-add-date'));
    expect(screen.getByTestId('schedule-date-off').getAttribute('data-date')).toBe('2031-05-01');
    fireEvent.change(screen.getByTestId('schedule-price-perMinuteMinor'), { target: { value: '2,5' } });
    await user.click(screen.getByTestId('schedule-save'));
    await screen.findByTestId('schedule-saved');
    const [put] = server.sent.filter((r) => r.method === 'PUT');
    expect(put!.body).toEqual({
      isShared: true,
      weekly: { ...none, tu: [{ from: '00:00', to: '24:00' }] },
      datesOff: ['2031-05-01'],
      prices: { perKwhMinor: 1500, perMinuteMinor: 250, parkingPerMinuteMinor: 0 },
    });
  }, 30_000);

  it('refuses a price above the brand’s limit and an end before the start, and sends nothing', async () => {
    const server = serve();
    await renderScreen(<MyChargesPage />, `/myCharges?station=${id}`);
    const user = userEvent.setup();
    const perKwh = await screen.findByTestId('schedule-price-perKwhMinor');
    await user.clear(perKwh);
    await user.type(perKwh, '31');
    const monday = screen.getByTestId('schedule-day-mo');
    const from = within(monday).getByTestId('schedule-from');
    await user.clear(from);
    await user.type(from, '23:30');
    const to = within(monday).getByTestId('schedule-to');
    await user.clear(to);
    await user.type(to, '08:00');
    await user.click(screen.getByTestId('schedule-save'));
    await screen.findByTestId('schedule-invalid');
    expect(screen.getByText('The price is above the allowed maximum')).toBeTruthy();
    expect(screen.getByText('The end must come after the start')).toBeTruthy();
    expect(perKwh.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'PUT')).toEqual([]));
  }, 30_000);
});
