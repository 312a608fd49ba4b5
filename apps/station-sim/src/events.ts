// A small typed event emitter with awaitable helpers for tests.

type Listener<T> = (payload: T) => void;

export type Emitter<E> = {
  on<K extends keyof E>(name: K, listener: Listener<E[K]>): () => void;
  emit<K extends keyof E>(name: K, payload: E[K]): void;
  /** The next event of this kind that matches, or a rejection after `timeoutMs` (real time; Infinity waits forever). */
  next<K extends keyof E>(
    name: K,
    predicate?: (payload: E[K]) => boolean,
    timeoutMs?: number,
  ): Promise<E[K]>;
};

export function createEmitter<E>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  const on = <K extends keyof E>(name: K, listener: Listener<E[K]>) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
    };
  };
  return {
    on,
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])])
        (listener as Listener<typeof payload>)(payload);
    },
    next(name, predicate = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              off();
              reject(new Error(`timed out after ${timeoutMs} ms waiting for '${String(name)}'`));
            }, timeoutMs)
          : undefined;
        const off = on(name, (payload) => {
          if (!predicate(payload)) return;
          clearTimeout(timer);
          off();
          resolve(payload);
        });
      });
    },
  };
}
