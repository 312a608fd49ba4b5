import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadFailed } from './chunk-load-failed';
import { ChunkLoadError, isChunkLoadError, screen, withTimeout } from './lazy-route';

describe('withTimeout (SPEC §8: 120 s chunk load)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with a chunk load error after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('turns a failed import into a chunk load error', async () => {
    const failed = withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failed).rejects.toSatisfy(isChunkLoadError);
  });
});

describe('screen (route lazy)', () => {
  it('takes the named component', async () => {
    const Page = () => null;
    const result = await screen(() => Promise.resolve({ Page }), 'Page')();
    expect(result.Component).toBe(Page);
  });

  it('turns a failed chunk into the load-error screen instead of rejecting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await screen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Page')();
    expect(result.Component).toBe(ChunkLoadFailed);
  });
});
