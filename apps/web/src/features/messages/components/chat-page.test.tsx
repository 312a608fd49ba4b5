import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newMessagesQueryKey } from '@/lib/event-keys';
import { formatDate } from '@/lib/format';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildMessage, serveChat } from './chat-test-kit';
import { ChatPage } from './chat-page';

// SPEC §2 chat, §7 Messages: the driver's conversation with support as they read it.

beforeEach(() => startSession(buildClient('tok')));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function shownMessages() {
  return screen.getAllByTestId('chat-message').map((element) => ({
    seq: Number(element.dataset.seq),
    author: element.dataset.author,
    kind: element.dataset.kind,
  }));
}

describe('ChatPage: the conversation', () => {
  it('shows the messages oldest first with the agent’s name, read marks, feedback and the closed-hours notice', async () => {
    // 22:30 UTC is 0:30 in UTC+2: support opens at 9:00 UTC+2, 7:00 UTC, on the driver's clock.
    const noticeAt = '2026-11-20T22:30:00.000Z';
    const server = serveChat({
      page: {
        items: [
          buildMessage(1, { text: 'The station did not start', readAt: '2026-11-20T10:05:00.000Z' }),
          buildMessage(2, { author: 'support', staffName: 'Olga', text: 'Which connector?' }),
          buildMessage(3, { text: 'Number 2', kind: 'feedback' }),
          buildMessage(4, { author: 'system', kind: 'notice', text: 'Closed', createdAt: noticeAt }),
        ],
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const { client } = await renderScreen(<ChatPage />, '/chat');

    await screen.findAllByTestId('chat-message');
    expect(shownMessages()).toEqual([
      { seq: 1, author: 'user', kind: 'message' },
      { seq: 2, author: 'support', kind: 'message' },
      { seq: 3, author: 'user', kind: 'feedback' },
      { seq: 4, author: 'system', kind: 'notice' },
    ]);
    const [first, answer, feedback] = screen.getAllByTestId('chat-message');
    expect(answer!.textContent).toContain('Olga');
    expect(within(first!).getByTestId('chat-read-mark').dataset.read).toBe('true');
    expect(within(first!).getByTestId('chat-read-mark').textContent).toBe('Read');
    expect(within(feedback!).getByTestId('chat-read-mark').dataset.read).toBe('false');
    expect(within(feedback!).getByTestId('chat-feedback-tag').textContent).toBe('Feedback about the app');
    expect(within(answer!).queryByTestId('chat-read-mark')).toBeNull();
    // When support opens after the notice (9:00 UTC+2 the next morning), on the driver's clock.
    const opens = new Date('2026-11-21T07:00:00.000Z');
    const time = formatDate(opens, 'en', { hour: '2-digit', minute: '2-digit' });
    const isNextDay = opens.getDate() !== new Date(noticeAt).getDate();
    expect(screen.getByTestId('chat-notice').textContent).toBe(
      isNextDay ? `Support is closed now; it answers tomorrow from ${time}.` : `Support is closed now; it answers from ${time}.`,
    );
    expect(screen.getByTestId('chat-hours').textContent).toContain('Support works 9:00 AM–9:00 PM (UTC+2) and answers within 30 minutes.');

    // Support's message was shown: it is read, and the shell's badge counts nothing.
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ upTo: 2 }));
    expect(client.getQueryData(newMessagesQueryKey)).toBe(0);
    // The long poll follows from the newest seq, with what support has read.
    const poll = server.sent.find((r) => r.url.pathname.startsWith('/api/messages/subscribe/'))!;
    expect(poll.url.pathname).toBe('/api/messages/subscribe/4');
    expect(poll.url.searchParams.get('read')).toBe('1');
  });

  it('marks support’s answer read only once the tab is shown', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    onTestFinished(() => spy.mockRestore());
    const server = serveChat({ page: { items: [buildMessage(1), buildMessage(2, { author: 'support', text: 'Which connector?' })] } });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');
    await screen.findAllByTestId('chat-message');
    await waitFor(() => expect(server.sent.some((r) => r.url.pathname.startsWith('/api/messages/subscribe/'))).toBe(true));
    expect(server.sent.some((r) => r.method === 'PUT')).toBe(false);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ upTo: 2 }));
  });

  it('marks the driver’s messages read when the long poll says support read them, and adds new ones', async () => {
    let polls = 0;
    const server = serveChat({
      page: { items: [buildMessage(1), buildMessage(2)] },
      routes: [{
        path: /^\/api\/messages\/subscribe\/\d+$/,
        reply: (_request, init) => {
          polls += 1;
          if (polls === 1) {
            return jsonResponse(200, { cursor: 3, items: [buildMessage(3, { author: 'support', staffName: 'Ivan' })], readUpTo: 2 });
          }
          return new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
          });
        },
      }],
    });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    await waitFor(() => expect(shownMessages().map((m) => m.seq)).toEqual([1, 2, 3]));
    const marks = screen.getAllByTestId('chat-read-mark').map((mark) => mark.dataset.read);
    expect(marks).toEqual(['true', 'true']);
    const asked = server.sent.filter((r) => r.url.pathname.startsWith('/api/messages/subscribe/'));
    expect(asked.map((r) => `${r.url.pathname}?read=${r.url.searchParams.get('read')}`)).toEqual([
      '/api/messages/subscribe/2?read=0',
      '/api/messages/subscribe/3?read=2',
    ]);
    await waitFor(() => expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ upTo: 3 }));
  });

  it('loads earlier messages above with the button', async () => {
    const server = serveChat({
      page: { items: [buildMessage(5), buildMessage(6)], hasMore: true },
      older: { items: [buildMessage(3), buildMessage(4)], hasMore: false },
    });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    await userEvent.click(await screen.findByTestId('chat-earlier'));
    await waitFor(() => expect(shownMessages().map((m) => m.seq)).toEqual([3, 4, 5, 6]));
    const older = server.sent.find((r) => r.url.pathname === '/api/messages' && r.url.searchParams.has('before'))!;
    expect(older.url.searchParams.get('before')).toBe('5');
    expect(screen.queryByTestId('chat-earlier')).toBeNull();
  });

  it('separates the days and names the session a message carries', async () => {
    const server = serveChat({
      page: {
        items: [
          buildMessage(1, { createdAt: new Date(2026, 10, 18, 12).toISOString() }),
          buildMessage(2, {
            createdAt: new Date(2026, 10, 19, 9).toISOString(),
            session: {
              transactionId: 42, status: 'success', stationName: 'Tverskaya 12', stationCode: 'MSK0042', connectorNumber: 2,
              energyWh: 12_340, costMinor: 22_829, currency: 'rub', stopReason: 'EVDisconnected',
              startedAt: '2026-11-19T08:00:00.000Z', stoppedAt: '2026-11-19T08:40:00.000Z',
            },
          }),
        ],
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    await screen.findAllByTestId('chat-message');
    expect(screen.getAllByTestId('chat-day').map((day) => day.textContent)).toEqual(['November 18, 2026', 'November 19, 2026']);
    const card = screen.getByTestId('chat-session-card');
    expect(card.textContent).toContain('Session #42 · Tverskaya 12');
    expect(card.textContent).toContain('Connector 2');
    expect(card.textContent).toContain('12.3 kWh');
    expect(card.textContent).toContain('228.29');
  });

  it('shows a picture by fetching it with the driver’s token, and a PDF as a chip with its name and size', async () => {
    const authorization: (string | undefined)[] = [];
    const server = serveChat({
      page: {
        items: [
          buildMessage(1, {
            files: [
              { id: 'f1', name: 'cable.png', contentType: 'image/png', sizeBytes: 2048, url: '/api/messages/file/f1', width: 640, height: 480 },
              { id: 'f2', name: 'receipt.pdf', contentType: 'application/pdf', sizeBytes: 345_000, url: '/api/messages/file/f2', width: null, height: null },
            ],
          }),
        ],
      },
      routes: [{
        path: /^\/api\/messages\/file\/f\d$/,
        reply: (_request, init) => {
          authorization.push((init?.headers as Record<string, string> | undefined)?.Authorization);
          return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } });
        },
      }],
    });
    vi.stubGlobal('fetch', server.fetch);
    // jsdom has no object URLs: these stand in for the browser's, for this test only.
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:picture'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    await renderScreen(<ChatPage />, '/chat');

    const [picture, pdf] = await screen.findAllByTestId('chat-file');
    expect(picture!.dataset.type).toBe('image/png');
    await waitFor(() => expect(picture!.querySelector('img')?.getAttribute('src')).toBe('blob:picture'));
    expect(authorization).toEqual(['Bearer tok']);
    expect(pdf!.textContent).toBe('receipt.pdf337 kB');
    expect(pdf!.getAttribute('aria-label')).toBe('Download receipt.pdf, 337 kB');
  });
});
