import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RfidTag } from '@evcharge/api/rfid/rfid';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { MyRfidPage } from './my-rfid-page';

const ID = 'a7e1c2d3-0000-4000-8000-000000000001';

function buildTag(patch: Partial<RfidTag> = {}): RfidTag {
  return { id: ID, name: 'Work card', numberMasked: '•••• B2C3', isBlocked: false, createdAt: '2025-05-12T10:00:00Z', lastUsedAt: null, ...patch };
}

/** The list as the server keeps it: a PUT changes the tag it names. */
function serve(tags: RfidTag[], extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: '/api/rfid', reply: () => jsonResponse(200, { items: tags }) },
    {
      method: 'PUT',
      path: '/api/rfid',
      reply: ({ body }) => {
        const change = body as Partial<RfidTag> & { id: string };
        const index = tags.findIndex((tag) => tag.id === change.id);
        tags[index] = { ...tags[index]!, ...change };
        return jsonResponse(200, tags[index]);
      },
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const puts = (server: ReturnType<typeof serve>) => server.sent.filter((r) => r.method === 'PUT').map((r) => r.body);

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyRfidPage', () => {
  it('shows each tag with its masked number, dates and whether it is blocked', async () => {
    serve([buildTag(), buildTag({ id: 'b', name: 'Spare', isBlocked: true, lastUsedAt: '2025-06-01T09:00:00Z' })]);
    await renderScreen(<MyRfidPage />, '/my_rfid');
    const [work, spare] = await screen.findAllByTestId('rfid-tag');
    expect(within(work!).getByRole('heading', { name: 'Work card' })).toBeTruthy();
    expect(within(work!).getByTestId('rfid-tag-masked').textContent).toBe('Number •••• B2C3');
    expect(within(work!).getByTestId('rfid-tag-added').textContent).toBe('May 12, 2025');
    expect(within(work!).getByTestId('rfid-tag-used').textContent).toBe('Never used');
    expect(within(work!).queryByTestId('rfid-tag-blocked')).toBeNull();
    expect(within(spare!).getByTestId('rfid-tag-blocked').textContent).toBe('Blocked');
    expect(within(spare!).getByTestId('rfid-tag-used').textContent).toBe('Jun 1, 2025');
    expect(within(spare!).getByTestId('rfid-block').textContent).toBe('Unblock');
    expect(screen.getByText('A blocked tag is refused at every station until you unblock it.')).toBeTruthy();
  });

  it('explains what a tag does when there is none, and links to the wizard', async () => {
    serve([]);
    await renderScreen(<MyRfidPage />, '/my_rfid');
    const empty = await screen.findByTestId('rfid-empty');
    expect(within(empty).getByRole('heading', { name: 'No RFID tags yet' })).toBeTruthy();
    expect(within(empty).getByText(/touching it to the station’s reader/)).toBeTruthy();
    expect(within(empty).getByTestId('rfid-add-first').getAttribute('href')).toBe('/rfid');
  });

  it('renames a tag in a dialog', async () => {
    const server = serve([buildTag()]);
    await renderScreen(<MyRfidPage />, '/my_rfid');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('rfid-rename'));
    const input = screen.getByTestId('rfid-rename-input') as HTMLInputElement;
    expect(input.value).toBe('Work card');
    await user.clear(input);
    await user.type(input, ' Garage ');
    await user.click(screen.getByTestId('rfid-rename-save'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Garage' })).toBeTruthy());
    expect(puts(server)).toEqual([{ id: ID, name: 'Garage' }]);
  });

  it('blocks and unblocks a tag', async () => {
    const server = serve([buildTag()]);
    await renderScreen(<MyRfidPage />, '/my_rfid');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('rfid-block'));
    expect((await screen.findByTestId('rfid-tag-blocked')).textContent).toBe('Blocked');
    expect(screen.getByText('Every station refuses this tag until you unblock it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unblock “Work card”' }));
    await waitFor(() => expect(screen.queryByTestId('rfid-tag-blocked')).toBeNull());
    expect(puts(server)).toEqual([{ id: ID, isBlocked: true }, { id: ID, isBlocked: false }]);
  });

  it('deletes a tag only after asking', async () => {
    const tags = [buildTag()];
    const server = serve(tags, [{ method: 'DELETE', path: `/api/rfid/${ID}`, reply: () => (tags.splice(0), jsonResponse(200, { ok: true })) }]);
    await renderScreen(<MyRfidPage />, '/my_rfid');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('rfid-delete'));
    const dialog = screen.getByTestId('rfid-delete-dialog');
    expect(within(dialog).getByText(/“Work card” \(•••• B2C3\) will be removed/)).toBeTruthy();
    expect(server.sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('rfid-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('rfid-tag')).toBeNull());
    expect(server.sent.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/api/rfid/${ID}`]);
    expect(await screen.findByTestId('rfid-empty')).toBeTruthy();
  });
});
