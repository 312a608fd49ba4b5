import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { getConnection, markOnline, onWorkerMessage, watchConnection } from './connection';

let stop: () => void = () => {};
let onLine = true;

beforeEach(() => {
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  markOnline();
});

afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

const failingQuery = (client: QueryClient, key: string[], error: unknown) =>
  client.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(error), retry: false }).catch(() => undefined);

describe('connection (SPEC §2 offline)', () => {
  it('goes offline and online with the browser', () => {
    stop = watchConnection(new QueryClient());
    expect(getConnection().isOnline).toBe(true);
    onLine = false;
    window.dispatchEvent(new Event('offline'));
    expect(getConnection().isOnline).toBe(false);
    onLine = true;
    window.dispatchEvent(new Event('online'));
    expect(getConnection()).toEqual({ isOnline: true, keptAt: null });
  });

  it('starts offline when the browser is, or when a request already got no answer', async () => {
    const client = new QueryClient();
    await failingQuery(client, ['user', 'self'], new ApiError(0, 'NETWORK', 'Failed to fetch'));
    stop = watchConnection(client);
    expect(getConnection().isOnline).toBe(false);
  });

  it('counts a request without an answer as offline, not a refusal from the server', async () => {
    const client = new QueryClient();
    stop = watchConnection(client);
    await failingQuery(client, ['brand'], new ApiError(404, 'NOT_FOUND', 'no'));
    expect(getConnection().isOnline).toBe(true);
    await failingQuery(client, ['brand'], new ApiError(0, 'NETWORK', 'Failed to fetch'));
    expect(getConnection().isOnline).toBe(false);
    // A server's answer to any other query means it is reachable again.
    await client.fetchQuery({ queryKey: ['legal'], queryFn: () => Promise.resolve(1) });
    expect(getConnection().isOnline).toBe(true);
  });

  it('stays offline while the service worker answers stations from those it kept, and says from when', async () => {
    const client = new QueryClient();
    stop = watchConnection(client);
    onWorkerMessage({ type: 'evcharge:offline-answer', savedAt: '2026-11-26T09:41:00.000Z' });
    // The kept answer itself resolves the station query: that is no news from the server.
    await client.fetchQuery({ queryKey: ['stations', 'guest', 'list', {}], queryFn: () => Promise.resolve([]) });
    expect(getConnection()).toEqual({ isOnline: false, keptAt: '2026-11-26T09:41:00.000Z' });
    onWorkerMessage({ type: 'evcharge:network' });
    expect(getConnection()).toEqual({ isOnline: true, keptAt: null });
  });

  it('never says online while the browser has no network', () => {
    stop = watchConnection(new QueryClient());
    onLine = false;
    window.dispatchEvent(new Event('offline'));
    onWorkerMessage({ type: 'evcharge:network' });
    expect(getConnection().isOnline).toBe(false);
  });
});
