import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startSession } from '../../lib/session';
import { buildMessage, DRIVER, minutesAgo } from '../../test/builders';
import { jsonResponse, routeFetch, type FetchRoute } from '../../test/fetch';
import { ConversationView } from './conversation';
import { createLiveHub } from './live';

const base = `/api/admin/support/conversations/${DRIVER}`;

const session = {
  transactionId: 4711,
  status: 'success',
  stationName: 'Tverskaya 1',
  stationCode: 'MOW000011',
  connectorNumber: 2,
  energyWh: 12_345,
  costMinor: 45_600,
  currency: 'rub',
  stopReason: 'EVDisconnected',
  startedAt: minutesAgo(90),
  stoppedAt: minutesAgo(30),
} as const;

function serve(extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    {
      path: `${base}/messages`,
      reply: ({ url }) =>
        url.searchParams.get('before')
          ? jsonResponse(200, { items: [buildMessage({ seq: 1, text: 'First ever' })], hasMore: false, cursor: 1, readUpTo: 4 })
          : jsonResponse(200, {
              items: [
                buildMessage({ seq: 3, text: 'The charge stopped', session, readAt: minutesAgo(5) }),
                buildMessage({ seq: 4, author: 'support', staffName: 'Olga', text: 'Looking into it' }),
                buildMessage({ seq: 5, author: 'system', kind: 'notice', text: '' }),
                buildMessage({ seq: 6, kind: 'feedback', text: 'The map is slow' }),
                buildMessage({ seq: 7, text: 'Are you there?' }),
              ],
              hasMore: true,
              cursor: 7,
              readUpTo: 4,
            }),
    },
    { method: 'PUT', path: `${base}/read`, reply: jsonResponse(200, { count: 2 }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a support conversation', () => {
  it('shows the messages oldest first by author, with the carried session, and marks them read', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve();
    const onChanged = vi.fn();
    render(<ConversationView userId={DRIVER} hub={createLiveHub()} onChanged={onChanged} />);

    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(5));
    const messages = screen.getAllByTestId('console-message');
    expect(messages.map((m) => m.dataset.author)).toEqual(['user', 'support', 'system', 'user', 'user']);
    expect(messages[1]!.textContent).toContain('Olga');
    expect(within(messages[1]!).getByTestId('console-read-mark').textContent).toContain('Read');
    // The service's closed-hours notice, worded in the console's language.
    expect(messages[2]!.textContent).toContain('The driver was told that support is closed and when it opens');
    expect(messages[3]!.textContent).toContain('Feedback about the app');

    const card = within(messages[0]!).getByTestId('console-message-session');
    expect(card.textContent).toContain('Tverskaya 1');
    expect(card.textContent).toContain('12.35 kWh');
    expect(card.textContent).toContain('456.00');
    expect(card.textContent).toContain('the cable was unplugged');
    expect(card.textContent).toContain('Finished');

    // Support has read the driver's messages up to the newest (seq 7).
    await waitFor(() => expect(server.sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ upTo: 7 });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());

    // Earlier pages load before the oldest message shown.
    await userEvent.setup().click(screen.getByTestId('console-earlier'));
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(6));
    expect(screen.getAllByTestId('console-message')[0]!.textContent).toContain('First ever');
    expect(server.sent.find((r) => r.url.searchParams.get('before'))?.url.searchParams.get('before')).toBe('3');
    expect(screen.queryByTestId('console-earlier')).toBeNull();
  });

  it('keeps the typed answer when sending fails, says why, and sends it on the next try', async () => {
    startSession({ accessToken: 'tok' });
    let fail = true;
    const server = serve([
      {
        method: 'POST',
        path: `${base}/messages`,
        reply: ({ body }) =>
          fail
            ? jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down' })
            : jsonResponse(201, buildMessage({ seq: 8, author: 'support', staffName: 'Olga', text: (body as { text: string }).text })),
      },
    ]);
    render(<ConversationView userId={DRIVER} hub={createLiveHub()} onChanged={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(5));

    const user = userEvent.setup();
    const text = screen.getByTestId('console-answer-text') as HTMLTextAreaElement;
    await user.type(text, 'Please replug the cable');
    await user.click(screen.getByTestId('console-answer-send'));

    expect((await screen.findByTestId('console-error')).textContent).toBe(
      'The service is temporarily unavailable. Try again in a few minutes.',
    );
    expect(text.value).toBe('Please replug the cable');

    fail = false;
    await user.click(screen.getByTestId('console-answer-send'));
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(6));
    expect(screen.getAllByTestId('console-message').at(-1)!.textContent).toContain('Please replug the cable');
    expect(text.value).toBe('');
    expect(screen.queryByTestId('console-error')).toBeNull();
    const posts = server.sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([
      { text: 'Please replug the cable', files: [] },
      { text: 'Please replug the cable', files: [] },
    ]);
  });

  it('sends files checked by content and refuses one over 500 kB', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve([
      { method: 'POST', path: `${base}/messages`, reply: jsonResponse(201, buildMessage({ seq: 8, author: 'support', text: '' })) },
    ]);
    render(<ConversationView userId={DRIVER} hub={createLiveHub()} onChanged={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(5));

    const user = userEvent.setup({ applyAccept: false });
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], 'receipt.pdf', { type: 'application/pdf' });
    const huge = new File([new Uint8Array(500 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('console-answer-files'), [pdf, huge]);

    expect((await screen.findByTestId('console-file-error')).textContent).toBe(
      'The file is larger than 500 kB: choose a smaller one.',
    );
    expect(await screen.findByText('receipt.pdf')).toBeTruthy();
    await user.click(screen.getByTestId('console-answer-send'));
    await waitFor(() => expect(server.sent.some((r) => r.method === 'POST')).toBe(true));
    expect(server.sent.find((r) => r.method === 'POST')?.body).toEqual({
      text: '',
      files: [{ name: 'receipt.pdf', data: btoa('%PDF-1') }],
    });
  });

  it('adds a live message of this driver, and only of this driver', async () => {
    startSession({ accessToken: 'tok' });
    serve();
    const hub = createLiveHub();
    render(<ConversationView userId={DRIVER} hub={hub} onChanged={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(5));

    act(() => {
      hub.publish([
        { ...buildMessage({ seq: 9, text: 'Someone else' }), userId: 'another-driver' },
        { ...buildMessage({ seq: 10, text: 'Still waiting' }), userId: DRIVER },
      ]);
    });
    await waitFor(() => expect(screen.getAllByTestId('console-message')).toHaveLength(6));
    expect(screen.getAllByTestId('console-message').at(-1)!.textContent).toContain('Still waiting');
    expect(screen.queryByText('Someone else')).toBeNull();
  });
});
