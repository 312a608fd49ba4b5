import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReservation, buildReserveNow } from '@/test/reserve-builders';
import { ReservePage } from './reserve-page';

const allDay = [{ from: '00:00', to: '24:00' }];
const station = buildStation();
const path = `/reserve?station=${station.id}&connector=1`;

function serve(
  extra: FetchRoute[] = [],
  options: {
    now?: ReturnType<typeof buildReserveNow>;
    station?: ReturnType<typeof buildStation>;
  } = {},
) {
  const server = routeFetch([
    ...extra,
    {
      path: `/api/v2/chargestation/${station.id}`,
      reply: () => jsonResponse(200, options.station ?? station),
    },
    {
      path: '/api/reserve/socket/c1/now_v2',
      reply: () => jsonResponse(200, options.now ?? buildReserveNow()),
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
  vi.useRealTimers();
});

describe('ReservePage: reserve a connector', () => {
  it('reserves the next 15 minutes in one tap, with the cost, who pays and what cancelling costs said first', async () => {
    let idempotencyKey: string | undefined;
    const created = buildReservation({ connectorId: 'c1' });
    const server = serve([
      {
        method: 'POST',
        path: '/api/reserve/create',
        reply: (_request, init) => {
          idempotencyKey = (init?.headers as Record<string, string>)['Idempotency-Key'];
          return jsonResponse(200, created);
        },
      },
      {
        path: '/api/user-reserves',
        reply: () => jsonResponse(200, { items: [created], total: 1 }),
      },
      { path: `/api/reserve/${created.id}`, reply: () => jsonResponse(200, created) },
    ]);
    const { router } = await renderScreen(<ReservePage />, path);

    const card = await screen.findByTestId('reserve-connector');
    expect(within(card).getByTestId('reserve-station-name').textContent).toBe('Tverskaya 12');
    expect(within(card).getByTestId('reserve-connector-number').textContent).toBe('1');
    expect(card.textContent).toContain('CCS2');
    expect(card.textContent).toContain('150 kW');
    expect(screen.getByTestId('reserve-fixed-cost').textContent).toMatch(/Fixed cost.*50\.00/);
    expect(screen.getByTestId('reserve-minute-cost').textContent).toMatch(
      /Each minute held.*2\.00 per min/,
    );
    expect(screen.getByTestId('reserve-max-cost').textContent).toMatch(/At most.*80\.00/);
    expect(screen.getByTestId('reserve-pay-with').textContent).toContain('Your balance');
    expect(screen.getByTestId('reserve-cancel-terms').textContent).toBe(
      'It begins as soon as you confirm, so cancelling is not free: the fixed cost of ₽50.00 plus ₽2.00 for each minute held.',
    );

    const confirm = screen.getByRole('button', { name: 'Reserve for 15 minutes' });
    expect(confirm.getAttribute('data-testid')).toBe('reserve-confirm');
    await userEvent.setup().click(confirm);
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${created.id}`));
    const sent = server.sent.find(
      (r) => r.method === 'POST' && r.url.pathname === '/api/reserve/create',
    );
    expect(sent?.body).toEqual({ connectorId: 'c1', mode: 'quick' });
    expect(idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    // The confirm button is gone with the form: focus goes on from the reservation's heading.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reservation' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('checks a chosen period with the SPEC §5 rules and says which one is broken, at the station time', async () => {
    serve();
    await renderScreen(<ReservePage />, path);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('reserve-mode-period'));
    const picker = screen.getByTestId('reserve-period');
    expect(within(picker).getByTestId('reserve-period-hint').textContent).toContain(
      'Station time (UTC+3)',
    );

    const days = [...(screen.getByLabelText('Start day') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    const confirm = screen.getByTestId('reserve-confirm');

    // Tomorrow 23:00: the station is open 08:00–22:00 at most.
    await user.selectOptions(screen.getByLabelText('Start day'), days[1]!);
    await user.selectOptions(screen.getByLabelText('Start time'), '23:00');
    await user.selectOptions(screen.getByLabelText('End day'), days[1]!);
    await user.selectOptions(screen.getByLabelText('End time'), '23:10');
    expect(
      within(picker).getByText('Choose more than 15 minutes and at most 4 hours'),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('End time'), '22:00');
    expect(within(picker).getByText('The end must come after the start')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('End time'), '23:30');
    expect(
      within(picker).getByText('The station is closed during part of this period'),
    ).toBeTruthy();
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Start day'), days[4]!);
    expect(within(picker).getByText('Choose a start within the next 3 days')).toBeTruthy();
  });

  it('offers start times from now on at the station clock, and flags a chosen start the clock has passed', async () => {
    // Friday 10:02 at the station (UTC+3), open 08:00–22:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T07:02:00Z'));
    serve();
    await renderScreen(<ReservePage />, path);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('reserve-mode-period'));
    const startDay = screen.getByLabelText('Start day') as HTMLSelectElement;
    const startTime = screen.getByLabelText('Start time') as HTMLSelectElement;
    const values = (select: HTMLSelectElement) => [...select.options].map((option) => option.value);
    expect(values(startDay)[0]).toBe('2026-11-20');
    expect(values(startTime)[0]).toBe('10:05');
    expect(values(startTime)).not.toContain('10:00');
    expect(values(startTime)).not.toContain('00:00');
    expect(values(startTime).at(-1)).toBe('23:55');

    // Tomorrow has the whole day; back on today, a time already passed moves to the first one left.
    await user.selectOptions(startDay, '2026-11-21');
    expect(values(startTime)[0]).toBe('00:00');
    await user.selectOptions(startTime, '09:00');
    await user.selectOptions(startDay, '2026-11-20');
    expect(startTime.value).toBe('10:05');

    // The form stays open past the chosen start: it stays shown, alone of the past, and is refused.
    await user.selectOptions(startTime, '10:30');
    await user.selectOptions(screen.getByLabelText('End time'), '11:30');
    expect(screen.queryByText('Choose a start in the future')).toBeNull();
    vi.setSystemTime(new Date('2026-11-20T07:31:00Z'));
    await user.selectOptions(screen.getByLabelText('End time'), '11:35');
    expect(values(startTime).slice(0, 3)).toEqual(['10:30', '10:35', '10:40']);
    expect(startTime.value).toBe('10:30');
    expect(screen.getByText('Choose a start in the future')).toBeTruthy();
    expect((screen.getByTestId('reserve-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reserves a chosen period as UTC instants, shows its most and the taken periods, and maps the server field errors', async () => {
    const open = buildStation({
      schedule: {
        mo: allDay,
        tu: allDay,
        we: allDay,
        th: allDay,
        fr: allDay,
        sa: allDay,
        su: allDay,
      },
    });
    const server = serve(
      [
        {
          method: 'POST',
          path: '/api/reserve/create',
          reply: () =>
            jsonResponse(400, {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: [{ path: 'startsAt', rule: 'reserveHorizon' }],
            }),
        },
      ],
      {
        station: open,
        now: buildReserveNow({
          taken: [{ startsAt: '2030-01-01T07:00:00.000Z', endsAt: '2030-01-01T08:00:00.000Z' }],
        }),
      },
    );
    await renderScreen(<ReservePage />, path);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('reserve-mode-period'));
    expect(screen.getAllByTestId('reserve-taken-period').map((p) => p.textContent)).toEqual([
      expect.stringMatching(/Jan.*10:00\s?AM–11:00\s?AM/),
    ]);

    const days = [...(screen.getByLabelText('Start day') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    await user.selectOptions(screen.getByLabelText('Start day'), days[1]!);
    await user.selectOptions(screen.getByLabelText('Start time'), '10:00');
    await user.selectOptions(screen.getByLabelText('End day'), days[1]!);
    await user.selectOptions(screen.getByLabelText('End time'), '11:30');
    // 90 minutes held at most: 50.00 + 90 × 2.00.
    expect(screen.getByTestId('reserve-max-cost').textContent).toMatch(/230\.00/);

    await user.click(screen.getByRole('button', { name: 'Reserve this period' }));
    const [y, m, d] = days[1]!.split('-').map(Number);
    const startsAt = new Date(Date.UTC(y!, m! - 1, d!, 7, 0)).toISOString();
    const endsAt = new Date(Date.UTC(y!, m! - 1, d!, 8, 30)).toISOString();
    await waitFor(() =>
      expect(server.sent.find((r) => r.method === 'POST')?.body).toEqual({
        connectorId: 'c1',
        mode: 'period',
        startsAt,
        endsAt,
      }),
    );
    expect(await screen.findByText('Choose a start within the next 3 days')).toBeTruthy();
    expect(screen.queryByTestId('reserve-error')).toBeNull();
  });

  it.each([
    ['debt', 'reserve-blocked-debt', 'reserve-pay-debt', '/debt'],
    ['funds', 'reserve-blocked-funds', 'reserve-top-up', '/balance'],
    ['cardBlocked', 'reserve-blocked-card', 'reserve-cards', '/cards'],
  ] as const)(
    'refuses to confirm while the quote is blocked by %s, and shows the way out',
    async (blockedBy, notice, way, to) => {
      serve([], { now: buildReserveNow({}, { blockedBy, payWith: null }) });
      await renderScreen(<ReservePage />, path);
      const alert = await screen.findByTestId(notice);
      expect(within(alert).getByTestId(way).getAttribute('href')).toBe(to);
      expect((screen.getByTestId('reserve-confirm') as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it('refuses to confirm at a station under repair, saying so in the SPEC §4 words', async () => {
    serve([], { now: buildReserveNow({}, { blockedBy: 'underRepair' }) });
    await renderScreen(<ReservePage />, path);
    const alert = await screen.findByTestId('reserve-blocked-label');
    expect(alert.textContent).toContain(
      'The station is under repair: charging cannot start here now.',
    );
    expect((screen.getByTestId('reserve-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no quick reservation of a connector someone else holds, and says until when', async () => {
    serve([], { now: buildReserveNow({ state: 'taken', takenUntil: '2026-11-20T10:15:00.000Z' }) });
    await renderScreen(<ReservePage />, path);
    expect((await screen.findByTestId('reserve-held-now')).textContent).toMatch(
      /Reserved until 1:15\s?PM/,
    );
    expect((screen.getByTestId('reserve-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    [
      { code: 'RESERVATION_FAILED', details: { reason: 'Occupied' } },
      'The connector is taken by another car, so the station could not hold it.',
    ],
    [
      { code: 'RESERVATION_FAILED', details: { reason: 'timeout' } },
      'The station did not answer in time, so the connector is not held.',
    ],
    [
      { code: 'RESERVATION_FAILED', details: { reason: 'notSupported' } },
      'The operator of this station does not take reservations.',
    ],
    [
      { code: 'RESERVATION_FAILED', details: { reason: 'failed' } },
      'The station could not hold the connector.',
    ],
    [{ code: 'STATION_BOOKED' }, 'The station is already booked for this time.'],
    [{ code: 'COMPANY_BALANCE_INSUFFICIENT' }, 'The company balance is empty or too low.'],
  ])('says why a reservation was refused (%o)', async (answer, text) => {
    serve([
      {
        method: 'POST',
        path: '/api/reserve/create',
        reply: () => jsonResponse(409, { message: 'x', ...answer }),
      },
    ]);
    await renderScreen(<ReservePage />, path);
    await userEvent.setup().click(await screen.findByTestId('reserve-confirm'));
    const error = await screen.findByTestId('reserve-error');
    expect(error.textContent).toContain('Not reserved');
    expect(error.textContent).toContain(text);
  });

  it("opens the driver's own reservation on the connector instead of a second one", async () => {
    const mine = buildReservation({ connectorId: 'c1' });
    serve([{ path: `/api/reserve/${mine.id}`, reply: () => jsonResponse(200, mine) }], {
      now: buildReserveNow({ state: 'mine', reservation: mine }),
    });
    const { router } = await renderScreen(<ReservePage />, path);
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${mine.id}`));
  });
});
