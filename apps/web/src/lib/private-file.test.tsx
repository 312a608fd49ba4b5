import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { buildClient } from '@/test/builders';
import { usePrivateFileUrl } from './private-file';
import { clearSession, startSession } from './session';

function Shown({ url }: { url: string | null }) {
  const src = usePrivateFileUrl(url);
  return <span data-testid="src">{src ?? 'none'}</span>;
}

const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok-private'));
  created.length = 0;
  revoked.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn(() => {
      const url = `blob:photo-${created.length + 1}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('usePrivateFileUrl', () => {
  it('fetches the file with the driver’s token and releases the blob when it is no longer shown', async () => {
    const fetchMock = vi.fn(async () => new Response('image bytes', { status: 200, headers: { 'content-type': 'image/jpeg' } }));
    vi.stubGlobal('fetch', fetchMock);
    const view = render(<Shown url="/api/feedbacks/photo/p1" />);
    await waitFor(() => expect(screen.getByTestId('src').textContent).toBe('blob:photo-1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feedbacks/photo/p1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-private');
    view.unmount();
    expect(revoked).toEqual(['blob:photo-1']);
  });

  it('shows nothing when the server refuses the file', async () => {
    const fetchMock = vi.fn(async () => new Response('{"code":"NOT_FOUND"}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<Shown url="/api/feedbacks/photo/p2" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await Promise.all(fetchMock.mock.results.map((result) => result.value));
    expect(screen.getByTestId('src').textContent).toBe('none');
    expect(created).toEqual([]);
  });

  it('asks for nothing without a URL', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<Shown url={null} />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
