import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildMessage, serveChat } from './chat-test-kit';
import { ChatPage } from './chat-page';

// SPEC §7 POST /messages and /messages/files as the driver writes: text, files checked before
// sending, the session or the feedback the message carries, nothing typed lost on a failure.

beforeEach(() => startSession(buildClient('tok')));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function file(name: string, type: string, size: number, bytes: number[] = []): File {
  const content = new Uint8Array(size);
  content.set(bytes);
  return new File([content], name, { type });
}

const posts = (server: ReturnType<typeof serveChat>) => server.sent.filter((r) => r.method === 'POST');

describe('Composer', () => {
  it('sends the text, shows it at once, then as the server’s message with its mark', async () => {
    const server = serveChat({ page: { items: [buildMessage(1)] } });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    await userEvent.type(await screen.findByTestId('chat-text'), 'Hello{Shift>}{Enter}{/Shift}there');
    expect((screen.getByTestId('chat-text') as HTMLTextAreaElement).value).toBe('Hello\nthere');
    await userEvent.type(screen.getByTestId('chat-text'), '{Enter}');

    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(posts(server).map((r) => [r.url.pathname, r.body])).toEqual([['/api/messages', { text: 'Hello\nthere', kind: 'message' }]]);
    expect((screen.getByTestId('chat-text') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByTestId('chat-message').at(-1)!.dataset.seq).toBe('100');
    expect(screen.queryByTestId('chat-pending')).toBeNull();
  });

  it('keeps the typed text and the files when sending fails, and says why in words', async () => {
    const server = serveChat({
      page: { items: [] },
      routes: [
        { method: 'POST', path: '/api/messages/files', reply: jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down' }) },
      ],
    });
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    await userEvent.type(await screen.findByTestId('chat-text'), 'The cable is stuck');
    await userEvent.upload(screen.getByTestId('chat-attach'), file('cable.png', 'image/png', 10, [0x89, 0x50, 0x4e, 0x47]));
    await userEvent.click(screen.getByTestId('chat-send'));

    const error = await screen.findByTestId('chat-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).not.toContain('SERVICE_UNAVAILABLE');
    expect(error.textContent!.length).toBeGreaterThan(10);
    expect((screen.getByTestId('chat-text') as HTMLTextAreaElement).value).toBe('The cable is stuck');
    expect(screen.getAllByTestId('chat-attached').map((chip) => chip.textContent)).toEqual([expect.stringContaining('cable.png')]);
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
    const [post] = posts(server);
    expect(post!.body).toEqual({ text: 'The cable is stuck', kind: 'message', files: [{ name: 'cable.png', data: expect.stringMatching(/^iVBORw/) }] });
  });

  it('refuses a file over 500 kB, a file of another type and a fourth file before sending anything', async () => {
    const server = serveChat();
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');

    const input = await screen.findByTestId('chat-attach');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,application/pdf');
    await userEvent.upload(input, [file('big.pdf', 'application/pdf', 600 * 1024), file('notes.txt', 'text/plain', 100)], { applyAccept: false });
    const error = screen.getByTestId('chat-error');
    expect(error.textContent).toContain('big.pdf: The file is larger than 500 kB: choose a smaller one.');
    expect(error.textContent).toContain('notes.txt: Only JPEG and PNG images and PDF files can be sent.');
    expect(screen.queryAllByTestId('chat-attached')).toHaveLength(0);

    await userEvent.upload(input, [
      file('a.jpg', 'image/jpeg', 500 * 1024), file('b.png', 'image/png', 10), file('c.pdf', 'application/pdf', 10), file('d.pdf', 'application/pdf', 10),
    ]);
    expect(screen.getAllByTestId('chat-attached')).toHaveLength(3);
    expect(screen.getByTestId('chat-error').textContent).toContain('At most 3 files in one message.');
    expect(posts(server)).toHaveLength(0);
  });

  it('carries the session it was opened for, named in a chip, and sends its transaction', async () => {
    const server = serveChat();
    vi.stubGlobal('fetch', server.fetch);
    const { router } = await renderScreen(<ChatPage />, '/chat?session=42');

    const chip = await screen.findByTestId('chat-session-chip');
    await waitFor(() => expect(chip.textContent).toContain('About session #42 at Tverskaya 12'));
    await userEvent.type(screen.getByTestId('chat-text'), 'Charged twice');
    await userEvent.click(screen.getByTestId('chat-send'));

    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]!.body).toEqual({ text: 'Charged twice', kind: 'message', transactionId: 42 });
    // Sent: the next message is about nothing in particular.
    await waitFor(() => expect(screen.queryByTestId('chat-session-chip')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('sends no session once its chip is removed', async () => {
    const server = serveChat();
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat?session=42');

    await userEvent.click(await screen.findByTestId('chat-session-remove'));
    expect(screen.queryByTestId('chat-session-chip')).toBeNull();
    await userEvent.type(screen.getByTestId('chat-text'), 'A question');
    await userEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]!.body).toEqual({ text: 'A question', kind: 'message' });
  });

  it('writes feedback about the app from ?feedback=1, marked in the chip and the bubble', async () => {
    const server = serveChat();
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat?feedback=1');

    expect((await screen.findByTestId('chat-feedback-chip')).textContent).toContain('Feedback about the app');
    await userEvent.type(screen.getByTestId('chat-text'), 'Dark map, please');
    await userEvent.click(screen.getByTestId('chat-send'));

    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]!.body).toEqual({ text: 'Dark map, please', kind: 'feedback' });
    const bubble = await screen.findByTestId('chat-message');
    expect(bubble.dataset.kind).toBe('feedback');
    await waitFor(() => expect(screen.queryByTestId('chat-feedback-chip')).toBeNull());
  });

  it('asks for a text or a file rather than sending nothing', async () => {
    const server = serveChat();
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChatPage />, '/chat');
    await userEvent.click(await screen.findByTestId('chat-send'));
    expect(screen.getByTestId('chat-error').textContent).toContain('Write a message or attach a file.');
    expect(posts(server)).toHaveLength(0);
  });
});
