import { useState } from 'react';
import { ApiError } from './api-error';

// A request that moves money carries an Idempotency-Key (Contract.idempotent): one per intent
// of the driver. A double tap and a retry after a lost answer send the same key, so the server
// moves the money once; an answer ends the intent, and the next tap is a new one.

/** 128 random bits in hex; getRandomValues works where randomUUID does not (plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type IntentKey = {
  /** The key of this intent; another body (the driver changed the form) is another intent. */
  keyFor: (body: unknown) => string;
  /** After the request: an answer ends the intent; no answer (network, 5xx, still running) keeps it. */
  settled: (error: unknown) => void;
};

export function intentKey(): IntentKey {
  let current: { key: string; body: string } | undefined;
  return {
    keyFor: (body) => {
      const text = JSON.stringify(body ?? null);
      if (current?.body !== text) current = { key: newIdempotencyKey(), body: text };
      return current.key;
    },
    settled: (error) => {
      const unanswered =
        error instanceof ApiError &&
        (error.status === 0 || error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS');
      if (!unanswered) current = undefined;
    },
  };
}

/** The intent key of a form (or any screen that moves money), made when it mounts. */
export function useIntentKey(): IntentKey {
  const [key] = useState(intentKey);
  return key;
}
