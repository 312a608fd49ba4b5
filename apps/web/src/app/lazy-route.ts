import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_SECONDS } from '@evcharge/domain/constants';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import { ChunkLoadFailed } from './chunk-load-failed';

/** A screen's code (or texts) did not arrive: shown as `errors:CHUNK_LOAD_ERROR` with a retry. */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** SPEC §8: a chunk that has not loaded within 120 s counts as failed. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_SECONDS * 1000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Not loaded within ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * A route's `lazy`: loads the screen's chunk and its translations together, so the screen
 * renders complete, and names the component to take (named exports, no default).
 * It never rejects: React Router renders nothing below a route whose `lazy` failed (it keeps
 * waiting for it), so a failure resolves to a screen showing the load error with a retry.
 */
export function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: readonly Namespace[] = [],
) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const [module] = await withTimeout(Promise.all([load(), loadNamespaces(namespaces)]));
      return { Component: module[name] };
    } catch (error) {
      console.error(error);
      return { Component: ChunkLoadFailed };
    }
  };
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  // Browsers word a failed dynamic import differently; all of them are chunk failures.
  return error instanceof Error && /dynamically imported module|importing a module script|Loading chunk/i.test(error.message);
}
