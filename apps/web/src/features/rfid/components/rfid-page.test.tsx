import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RfidBinding } from '@evcharge/api/rfid/rfid';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { routeFetch, type FetchRoute, type SentRequest } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { RfidPage } from './rfid-page';

const CONNECTOR = '7d0c8a4e-2b1f-4c3d-9e8f-0a1b2c3d4e5f';
const BINDING = 'b1a2c3d4-0000-4000-8000-000000000001';

function buildBinding(patch: Partial<RfidBinding> = {}): RfidBinding {
  return {
    id: BINDING, status: 'waitingCar', version: 1,
    station: { id: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', code: 'MOW-00007', name: 'Tverskaya 12', address: 'Tverskaya St 12' },
    connector: { id: CONNECTOR, number: 3, socketType: 'type2' },
    deadlineAt: new Date(Date.now() + 180_000).toISOString(),
    tagNumber: null, failReason: null, tag: null, canSimulateTag: false,
    ...patch,
  };
}

const boundTag = { id: 't1', name: 'Work card', numberMasked: '•••• B2C3', isBlocked: false, createdAt: '2025-05-12T10:00:00Z', lastUsedAt: null };

/**
 * The long poll as the test drives it: each request waits until the test answers it (or the
 * screen aborts it), so every step can be looked at before the next one arrives.
 */
function controlledPoll() {
  const waiting: { request: SentRequest; resolve: (response: Response) => void }[] = [];
  const reply = (request: SentRequest, init: RequestInit | undefined) =>
    new Promise<Response>((resolve, reject) => {
      waiting.push({ request, resolve });
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    });
  async function answer(binding: RfidBinding) {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!.resolve(jsonResponse(200, binding));
  }
  return { reply, answer };
}

function serve(extra: FetchRoute[] = [], poll = controlledPoll()) {
  const server = routeFetch([
    ...extra,
    { path: '/api/chargestation/find/qrCode/MOW-00007-3', reply: () => jsonResponse(200, { stationId: 's1', connectorId: CONNECTOR, connectorNumber: 3 }) },
    { path: /^\/api\/rfid\/subscribe\//, reply: poll.reply },
    { method: 'DELETE', path: `/api/rfid/binding/${BINDING}`, reply: () => jsonResponse(200, buildBinding({ status: 'cancelled', version: 9 })) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return { server, poll };
}

const checks = (server: ReturnType<typeof routeFetch>) =>
  server.sent.filter((r) => r.method === 'POST' && r.url.pathname === '/api/rfid/check_connector').map((r) => r.body);

async function startByCode() {
  const user = userEvent.setup();
  await user.type(await screen.findByTestId('rfid-connector-code'), 'MOW-00007-3');
  await user.click(screen.getByTestId('rfid-connector-go'));
  return user;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RfidPage', () => {
  it('walks plug in, touch the tag and confirm on the poll’s answers, and binds the tag', async () => {
    const { server, poll } = serve([
      { method: 'POST', path: '/api/rfid/check_connector', reply: () => jsonResponse(201, buildBinding()) },
      { method: 'POST', path: `/api/dev/rfid/${BINDING}/tag`, reply: () => jsonResponse(200, { ok: true }) },
      { method: 'POST', path: '/api/rfid', reply: () => jsonResponse(201, boundTag) },
    ]);
    await renderScreen(<RfidPage />, '/rfid');
    const user = await startByCode();

    const step1 = await screen.findByTestId('rfid-step');
    expect(step1.getAttribute('data-step')).toBe('waitingCar');
    expect(within(step1).getByRole('heading', { name: 'Plug your car in' })).toBeTruthy();
    expect(within(step1).getByTestId('rfid-where').textContent).toContain('Connector 3 · Type 2');
    expect(within(step1).getByRole('timer').textContent).toMatch(/^(3:00|2:[0-5]\d)$/);
    expect(screen.getByTestId('rfid-status').textContent).toBe('Step 1 of 3: Plug your car in');
    expect(screen.getByTestId('rfid-progress').querySelector('[aria-current="step"]')?.textContent).toBe('1Plug in');
    expect(checks(server)).toEqual([{ connectorId: CONNECTOR }]);

    await poll.answer(buildBinding({ status: 'waitingTag', version: 2, canSimulateTag: true }));
    await waitFor(() => expect(screen.getByTestId('rfid-step').getAttribute('data-step')).toBe('waitingTag'));
    // The step's heading takes focus, so the driver starts at what to do now.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Touch the tag to the reader' }));
    await user.click(screen.getByTestId('rfid-demo-tag'));
    await waitFor(() => expect(server.sent.some((r) => r.method === 'POST' && r.url.pathname === `/api/dev/rfid/${BINDING}/tag`)).toBe(true));

    await poll.answer(buildBinding({ status: 'tagRead', version: 3, tagNumber: '04A1B2C3' }));
    expect((await screen.findByTestId('rfid-tag-number')).textContent).toBe('04A1B2C3');
    const name = screen.getByTestId('rfid-name') as HTMLInputElement;
    expect(name.value).toBe('My tag');
    await user.clear(name);
    await user.type(name, 'Work card');
    await user.click(screen.getByTestId('rfid-confirm'));

    const done = await screen.findByTestId('rfid-done');
    expect(within(done).getByText('Touch it to the reader to start charging — the car is plugged in already.')).toBeTruthy();
    expect(within(done).getByTestId('rfid-done-tags').getAttribute('href')).toBe('/my_rfid');
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.pathname === '/api/rfid').map((r) => r.body)).toEqual([{ bindingId: BINDING, name: 'Work card' }]);
    const cursors = server.sent.filter((r) => r.url.pathname.startsWith('/api/rfid/subscribe/')).map((r) => r.url.pathname.split('/').pop());
    expect(cursors).toEqual(['1', '2', '3']);
    expect(server.sent.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it.each([
    ['the tag is linked already', { status: 'failed', failReason: 'alreadyLinked' }, 'This RFID tag is already linked or cannot be linked.'],
    ['a car started charging', { status: 'failed', failReason: 'carCharging' }, 'A car is charging on this connector: choose a free one or wait until it finishes.'],
    ['the station went offline', { status: 'failed', failReason: 'stationOffline' }, 'The station is not connected right now: try another station or again later.'],
    ['the step timed out', { status: 'expired' }, 'The time for this step is over. Start again.'],
    ['it was cancelled elsewhere', { status: 'cancelled' }, 'Binding was cancelled.'],
  ] as const)('says so when %s, and tries again at the same connector', async (_case, end, text) => {
    const { server, poll } = serve([
      { method: 'POST', path: '/api/rfid/check_connector', reply: () => jsonResponse(201, buildBinding()) },
    ]);
    await renderScreen(<RfidPage />, '/rfid');
    const user = await startByCode();
    await screen.findByTestId('rfid-step');
    await poll.answer(buildBinding({ ...end, version: 2 }));

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The tag is not bound' }));
    await user.click(screen.getByTestId('rfid-retry'));
    expect((await screen.findByTestId('rfid-step')).getAttribute('data-step')).toBe('waitingCar');
    expect(checks(server)).toEqual([{ connectorId: CONNECTOR }, { connectorId: CONNECTOR }]);
  });

  it.each([
    ['RFID_NOT_SUPPORTED', 'This station has no RFID reader: choose one marked “RFID”.'],
    ['RFID_CAR_CHARGING', 'A car is charging on this connector: choose a free one or wait until it finishes.'],
    ['RFID_STATION_OFFLINE', 'The station is not connected right now: try another station or again later.'],
    ['RFID_READER_BUSY', 'Another driver is binding a tag at this station. Try again in a few minutes.'],
    ['NOT_FOUND', null],
  ] as const)('shows the refusal %s translated, with a retry', async (code, text) => {
    const answers = [jsonResponse(409, { code, message: 'x' }), jsonResponse(201, buildBinding())];
    const { server } = serve([{ method: 'POST', path: '/api/rfid/check_connector', reply: () => answers.shift()! }]);
    await renderScreen(<RfidPage />, '/rfid');
    const user = await startByCode();
    const alert = await screen.findByTestId('rfid-failure');
    expect(alert.getAttribute('role')).toBe('alert');
    if (text) expect(alert.textContent).toBe(text);
    else expect(alert.textContent).not.toBe('');
    await user.click(screen.getByTestId('rfid-retry'));
    expect((await screen.findByTestId('rfid-step')).getAttribute('data-step')).toBe('waitingCar');
    expect(checks(server)).toHaveLength(2);
  });

  it('ends the wizard when the confirm finds the tag linked already', async () => {
    serve([
      { method: 'POST', path: '/api/rfid/check_connector', reply: () => jsonResponse(201, buildBinding({ status: 'tagRead', tagNumber: '04A1B2C3' })) },
      { method: 'POST', path: '/api/rfid', reply: () => jsonResponse(409, { code: 'RFID_ALREADY_LINKED', message: 'x' }) },
    ]);
    await renderScreen(<RfidPage />, '/rfid');
    const user = await startByCode();
    await user.click(await screen.findByTestId('rfid-confirm'));
    expect((await screen.findByTestId('rfid-failure')).textContent).toBe('This RFID tag is already linked or cannot be linked.');
    expect(screen.getByTestId('rfid-retry')).toBeTruthy();
  });

  it('says what is wrong with a typed code before asking the server', async () => {
    const { server } = serve();
    await renderScreen(<RfidPage />, '/rfid');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('rfid-connector-code'), 'hello');
    await user.click(screen.getByTestId('rfid-connector-go'));
    expect((await screen.findByTestId('rfid-connector-code-error')).textContent).toBe('This QR code is not a charging connector code.');
    expect(server.sent).toEqual([]);
  });

  it('starts at the connector the station page named, and lets the reader go on cancel and on leaving', async () => {
    const station = buildStation({ connectors: buildStation().connectors.map((c) => (c.number === 1 ? { ...c, id: CONNECTOR } : c)) });
    const { server } = serve([
      { path: `/api/v2/chargestation/${station.id}`, reply: () => jsonResponse(200, station) },
      { method: 'POST', path: '/api/rfid/check_connector', reply: () => jsonResponse(201, buildBinding()) },
    ]);
    const { unmount } = await renderScreen(<RfidPage />, `/rfid?station=${station.id}&connector=1`);
    const user = userEvent.setup();
    expect((await screen.findByTestId('rfid-connector')).textContent).toContain('Tverskaya 12');
    await user.click(screen.getByTestId('rfid-start'));
    await screen.findByTestId('rfid-countdown');
    expect(checks(server)).toEqual([{ connectorId: CONNECTOR }]);

    await user.click(screen.getByTestId('rfid-cancel'));
    expect((await screen.findByTestId('rfid-step')).getAttribute('data-step')).toBe('connector');
    const deletes = () => server.sent.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);
    expect(deletes()).toEqual([`/api/rfid/binding/${BINDING}`]);

    await user.click(screen.getByTestId('rfid-start'));
    await screen.findByTestId('rfid-countdown');
    unmount();
    expect(deletes()).toEqual([`/api/rfid/binding/${BINDING}`, `/api/rfid/binding/${BINDING}`]);
  });
});
