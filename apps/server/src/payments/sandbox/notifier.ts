import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentRow } from './bank-repo';

// The sandbox's notifications to the shop's callback URL: signed with the sandbox's secret,
// retried after a pause while the shop does not answer, given up after the last pause.

export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** Posts a notification; the default is fetch. Tests point it at their own address. */
export type Notify = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export type Notifier = {
  /** Tells the payment's callback URL (if any) that the payment moved, in the background. */
  deliver(row: PaymentRow): void;
  /** The payment id a notification names, if its signature is ours. */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): string | undefined;
  /** Notifications still being delivered, for a clean shutdown. */
  settled(): Promise<void>;
};

function sign(secret: string, body: string) {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const fetchNotify: Notify = async (url, body, headers) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`notification answered ${response.status}`);
};

export function createNotifier(options: {
  secret: string;
  notify?: Notify;
  /** Pauses between notification attempts (ms); the last attempt gives up. */
  retryDelaysMs?: readonly number[];
}): Notifier {
  const { secret } = options;
  const notify = options.notify ?? fetchNotify;
  const retryDelays = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const delivering = new Set<Promise<void>>();

  return {
    deliver(row) {
      if (!row.callbackUrl) return;
      const body = JSON.stringify({ paymentId: row.id });
      const headers = { [SIGNATURE_HEADER]: sign(secret, body) };
      const url = row.callbackUrl;
      const attempt = async () => {
        for (let index = 0; ; index++) {
          try {
            await notify(url, body, headers);
            return;
          } catch {
            const pause = retryDelays[index];
            if (pause === undefined) return;
            await new Promise((resolve) => setTimeout(resolve, pause));
          }
        }
      };
      const running = attempt().finally(() => delivering.delete(running));
      delivering.add(running);
    },

    verify(rawBody, headers) {
      const given = headers[SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return undefined;
      const expected = Buffer.from(sign(secret, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return undefined;
      try {
        const body = JSON.parse(rawBody) as { paymentId?: unknown };
        return typeof body.paymentId === 'string' ? body.paymentId : undefined;
      } catch {
        return undefined;
      }
    },

    async settled() {
      await Promise.allSettled([...delivering]);
    },
  };
}
