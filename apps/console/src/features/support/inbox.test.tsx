import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { startSession } from '../../lib/session';
import { buildConversation, buildMessage, minutesAgo } from '../../test/builders';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { Inbox } from './inbox';
import { createLiveHub } from './live';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(pages: Array<ReturnType<typeof buildConversation>[]>) {
  let call = 0;
  const server = routeFetch([
    {
      path: '/api/admin/support/conversations',
      reply: () => {
        const items = pages[Math.min(call, pages.length - 1)]!;
        call += 1;
        return jsonResponse(200, { items, total: items.length, waiting: items.filter((i) => i.waitingSince).length, cursor: 9 });
      },
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('the support inbox', () => {
  it('lists unanswered conversations first, the longest waiting on top, with the waiting time', async () => {
    startSession({ accessToken: 'tok' });
    serve([
      [
        buildConversation({ id: 'answered', name: 'Boris', lastMessageAt: minutesAgo(1), lastAuthor: 'support', lastText: 'Done' }),
        buildConversation({ id: 'recent', name: 'Vera', waitingSince: minutesAgo(12), unread: 2, lastText: 'The cable is stuck' }),
        buildConversation({ id: 'late', name: 'Gleb', waitingSince: minutesAgo(45), hasFeedback: true, unread: 1 }),
      ],
    ]);
    render(<Inbox hub={createLiveHub()} selectedUserId={null} version={0} liveState="live" />);

    await waitFor(() => expect(screen.getAllByTestId('console-conversation')).toHaveLength(3));
    const rows = screen.getAllByTestId('console-conversation');
    expect(rows.map((row) => row.dataset.userId)).toEqual(['late', 'recent', 'answered']);
    expect(rows.map((row) => row.dataset.waiting)).toEqual(['45', '12', undefined]);

    // SPEC §1: an answer within 30 minutes; past that the conversation is marked late (red).
    expect(rows[0]!.dataset.late).toBe('true');
    expect(rows[0]!.textContent).toContain('waiting 45 min');
    expect(rows[0]!.textContent).toContain('Feedback');
    expect(rows[1]!.dataset.late).toBeUndefined();
    expect(rows[1]!.textContent).toContain('waiting 12 min');
    expect(rows[1]!.textContent).toContain('The cable is stuck');
    expect(rows[1]!.querySelector('.badge.count')?.textContent).toBe('2');
    expect(rows[2]!.textContent).toContain('You: Done');
    expect(rows[2]!.textContent).not.toContain('waiting');
    expect(screen.getByTestId('console-waiting-count').textContent).toBe('Waiting: 2');
  });

  it('reads the inbox again when the live feed brings a message', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve([
      [buildConversation({ id: 'a', name: 'Anna' })],
      [buildConversation({ id: 'b', name: 'Boris', waitingSince: minutesAgo(0) }), buildConversation({ id: 'a', name: 'Anna' })],
    ]);
    const hub = createLiveHub();
    render(<Inbox hub={hub} selectedUserId={null} version={0} liveState="live" />);
    await waitFor(() => expect(screen.getAllByTestId('console-conversation')).toHaveLength(1));

    act(() => hub.publish([{ ...buildMessage({ seq: 3 }), userId: 'b' }]));
    await waitFor(() => expect(screen.getAllByTestId('console-conversation')).toHaveLength(2));
    expect(screen.getAllByTestId('console-conversation')[0]!.dataset.userId).toBe('b');
    expect(server.sent.filter((r) => r.url.pathname === '/api/admin/support/conversations')).toHaveLength(2);
  });
});
