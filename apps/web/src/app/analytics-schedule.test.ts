import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { brandQueryOptions } from '@/lib/brand';
import { markFirstScreenRendered } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';
import { buildBrand } from '@/test/builders';
import { scheduleAnalytics } from './analytics-schedule';

// SPEC §1: the counter starts on load, but never before the first screen has rendered (and the
// browser is idle): its code and the brand's external script stay off the first paint.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('scheduleAnalytics', () => {
  it("loads the counter only after the first screen, with the brand's counter", async () => {
    queryClient.setQueryData(brandQueryOptions().queryKey, {
      ...buildBrand(),
      analytics: { kind: 'matomo', url: 'https://stats.example/', siteId: '3' },
    });
    const startAnalytics = vi.fn(() => () => undefined);
    const load = vi.fn(async () => ({ startAnalytics }));
    const router = createMemoryRouter([{ path: '/', element: null }]);
    vi.useFakeTimers();

    const scheduled = scheduleAnalytics(router, load);
    // However long the first screen takes, the counter waits for it.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).not.toHaveBeenCalled();
    expect(startAnalytics).not.toHaveBeenCalled();

    markFirstScreenRendered();
    // A frame and a task for the paint, then the browser's idle time (at most a few seconds).
    await vi.advanceTimersByTimeAsync(5_000);
    await scheduled;
    expect(load).toHaveBeenCalledTimes(1);
    expect(startAnalytics).toHaveBeenCalledWith(router, {
      counter: { kind: 'matomo', url: 'https://stats.example/', siteId: '3' },
    });
  });

  it('gives up quietly when the counter cannot load', async () => {
    markFirstScreenRendered();
    await expect(scheduleAnalytics(createMemoryRouter([{ path: '/', element: null }]), () => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
  });
});
