import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { serverKeys } from '../../db/schema/notifications';
import { sandboxCards, sandboxPayments } from '../../db/schema/sandbox-acquirer';
import type {
  Acquirer,
  AcquirerCard,
  AcquirerPayment,
  CardRequest,
  CheckoutRequest,
} from '../acquirer';
import type { CardBehaviour } from './test-cards';

// The built-in acquirer (ACQUIRER=sandbox, the default): a bank in the same process with its
// own books (db/schema/sandbox-acquirer.ts), its own card page with a 3-D Secure step
// (./pages.ts) and signed notifications, so every path of a real acquirer can be walked
// without one: declines by test card, lost answers, notifications before or after the return.

export const SANDBOX = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';

type PaymentRow = typeof sandboxPayments.$inferSelect;
type CardRow = typeof sandboxCards.$inferSelect;

/** Posts a notification; the default is fetch. Tests point it at their own address. */
export type Notify = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export type SandboxAcquirer = Acquirer & {
  /** The page's view of a payment (amount, what it is for, whether it waits for a card). */
  pagePayment(paymentId: string): Promise<PaymentRow | undefined>;
  /** The card typed on the page: keeps it, and asks for the 3-D Secure code. */
  enterCard(
    paymentId: string,
    card: { brand: string; bank: string; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour },
  ): Promise<PaymentRow | undefined>;
  /** Ends the payment with the card's answer: succeeded, or failed with a code. */
  complete(paymentId: string, outcome: { errorCode: string | null }): Promise<PaymentRow | undefined>;
  /** A wrong 3-D Secure code: counts it; the third one fails the payment (ACQ12). */
  wrongChallenge(paymentId: string): Promise<PaymentRow | undefined>;
  /** What a card's test number stands for. */
  cardBehaviour(token: string): Promise<CardBehaviour | undefined>;
  /** Notifications still being delivered, for a clean shutdown. */
  settled(): Promise<void>;
};

const MAX_CHALLENGE_TRIES = 3;

function newId(prefix: string) {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

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

export function createSandboxAcquirer(options: {
  db: Db;
  /** Where the card page is: PUBLIC_URL. */
  publicUrl: string;
  secret: string;
  notify?: Notify;
  /** Pauses between notification attempts (ms); the last attempt gives up. */
  retryDelaysMs?: readonly number[];
}): SandboxAcquirer {
  const { db, secret } = options;
  const notify = options.notify ?? fetchNotify;
  const retryDelays = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const delivering = new Set<Promise<void>>();

  async function cardOf(token: string | null): Promise<CardRow | undefined> {
    if (!token) return undefined;
    const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
    return card;
  }

  function cardView(card: CardRow | undefined): AcquirerCard | null {
    if (!card) return null;
    return {
      token: card.token,
      brand: card.brand,
      last4: card.last4,
      bank: card.bank,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async function view(row: PaymentRow): Promise<AcquirerPayment> {
    return {
      paymentId: row.id,
      status: row.status,
      amountMinor: row.amountMinor,
      currency: row.currency,
      capturedMinor: row.capturedMinor,
      refundedMinor: row.refundedMinor,
      errorCode: row.errorCode,
      card: cardView(await cardOf(row.cardToken)),
      cardSaved: row.saveCard === 1,
      redirectUrl:
        row.status === 'pending' && row.kind !== 'refund'
          ? `${options.publicUrl}/acquirer/sandbox/pay/${row.id}`
          : null,
    };
  }

  async function byKey(key: string) {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, key));
    return row;
  }

  async function byId(id: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row;
  }

  /**
   * Records a payment once per key: a repeated request answers the first one's payment; a
   * request reusing a key for something else fails with ACQ17.
   */
  async function recordOnce(
    values: typeof sandboxPayments.$inferInsert,
  ): Promise<{ row: PaymentRow; isNew: boolean }> {
    try {
      const [row] = await db.insert(sandboxPayments).values(values).returning();
      if (!row) throw new Error('sandbox payment insert returned nothing');
      return { row, isNew: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await byKey(values.idempotencyKey);
      if (!existing) throw error;
      const same =
        existing.kind === values.kind &&
        existing.amountMinor === values.amountMinor &&
        existing.currency === values.currency &&
        (values.cardToken === undefined || existing.cardToken === values.cardToken);
      if (!same) {
        return {
          row: { ...existing, id: existing.id, status: 'failed', errorCode: 'ACQ17' },
          isNew: false,
        };
      }
      return { row: existing, isNew: false };
    }
  }

  /** What a bound card's payment ends with, by what its test number stands for. */
  function declineOf(card: CardRow | undefined, amountMinor: number): string | null {
    if (!card || card.unbound) return 'ACQ15';
    if (amountMinor <= 0) return 'ACQ3';
    const behaviour = card.behaviour;
    if (behaviour === 'ok') return null;
    if (behaviour === 'blocked') return 'CARD_BLOCKED';
    const code = behaviour.replace(/^later:/, '');
    return code;
  }

  async function cardPayment(kind: 'pay' | 'hold', request: CardRequest) {
    const card = await cardOf(request.cardToken);
    const decline = declineOf(card, request.amountMinor);
    const success = kind === 'hold' ? 'held' : 'succeeded';
    const { row } = await recordOnce({
      id: newId('pay'),
      idempotencyKey: request.idempotencyKey,
      kind,
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      cardToken: request.cardToken,
      status: decline ? 'failed' : success,
      errorCode: decline,
      capturedMinor: !decline && kind === 'pay' ? request.amountMinor : 0,
    });
    return view(row);
  }

  function deliver(row: PaymentRow) {
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
  }

  /** Moves a pending payment on once: of two simultaneous submissions, one wins. */
  async function finishPending(id: string, set: Partial<typeof sandboxPayments.$inferInsert>) {
    const [row] = await db
      .update(sandboxPayments)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
      .returning();
    if (row && row.status !== 'pending') deliver(row);
    return row ?? (await byId(id));
  }

  return {
    name: SANDBOX,

    async checkout(request: CheckoutRequest) {
      if (request.purpose === 'pay' && request.amountMinor <= 0) {
        const { row } = await recordOnce({
          id: newId('pay'),
          idempotencyKey: request.idempotencyKey,
          kind: 'pay',
          amountMinor: Math.max(0, request.amountMinor),
          currency: request.currency,
          status: 'failed',
          errorCode: 'ACQ3',
        });
        return view(row);
      }
      const { row } = await recordOnce({
        id: newId(request.purpose === 'bind' ? 'bind' : 'pay'),
        idempotencyKey: request.idempotencyKey,
        kind: request.purpose,
        amountMinor: request.purpose === 'bind' ? 0 : request.amountMinor,
        currency: request.currency,
        description: request.description,
        status: 'pending',
        saveCard: request.purpose === 'bind' || request.saveCard ? 1 : 0,
        returnUrl: request.returnUrl,
        callbackUrl: request.callbackUrl,
      });
      return view(row);
    },

    charge: (request) => cardPayment('pay', request),
    hold: (request) => cardPayment('hold', request),

    async capture({ paymentId, amountMinor }) {
      const [row] = await db
        .update(sandboxPayments)
        .set({
          status: sql`case when ${amountMinor} > 0 then 'succeeded' else 'released' end`,
          capturedMinor: sql`least(${sandboxPayments.amountMinor}, ${Math.max(0, amountMinor)})`,
          updatedAt: new Date(),
        })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'held')))
        .returning();
      const now = row ?? (await byId(paymentId));
      if (!now) return { ...failedView(paymentId), errorCode: 'ACQ18' };
      if (now.kind !== 'hold') return { ...(await view(now)), status: 'failed', errorCode: 'ACQ13' };
      return view(now);
    },

    async release({ paymentId }) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: 'released', updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'held')))
        .returning();
      const now = row ?? (await byId(paymentId));
      if (!now) return { ...failedView(paymentId), errorCode: 'ACQ18' };
      return view(now);
    },

    async refund({ idempotencyKey, paymentId, amountMinor }) {
      const existing = await byKey(idempotencyKey);
      if (existing) return view(existing);
      const done = await db.transaction(async (tx) => {
        const [parent] = await tx
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, paymentId))
          .for('update');
        if (!parent) return undefined;
        const left = parent.capturedMinor - parent.refundedMinor;
        const decline =
          parent.status !== 'succeeded'
            ? 'ACQ13'
            : amountMinor <= 0 || amountMinor > left
              ? 'ACQ3'
              : null;
        const [row] = await tx
          .insert(sandboxPayments)
          .values({
            id: newId('refund'),
            idempotencyKey,
            kind: 'refund',
            amountMinor: Math.max(0, amountMinor),
            currency: parent.currency,
            cardToken: parent.cardToken,
            parentId: parent.id,
            status: decline ? 'failed' : 'succeeded',
            errorCode: decline,
            capturedMinor: decline ? 0 : amountMinor,
          })
          .returning();
        if (!row) throw new Error('sandbox refund insert returned nothing');
        if (!decline) {
          await tx
            .update(sandboxPayments)
            .set({ refundedMinor: parent.refundedMinor + amountMinor, updatedAt: new Date() })
            .where(eq(sandboxPayments.id, parent.id));
        }
        return row;
      });
      // Outside the transaction: on PGlite a query beside an open transaction waits for it.
      return done ? view(done) : { ...failedView(paymentId), errorCode: 'ACQ18' };
    },

    async payment(paymentId) {
      const row = await byId(paymentId);
      return row && view(row);
    },

    async paymentByKey(key) {
      const row = await byKey(key);
      return row && view(row);
    },

    async unbind(cardToken) {
      await db
        .update(sandboxCards)
        .set({ unbound: new Date() })
        .where(eq(sandboxCards.token, cardToken));
    },

    verifyCallback(rawBody, headers) {
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

    pagePayment: byId,

    async cardBehaviour(token) {
      const card = await cardOf(token);
      return card?.behaviour as CardBehaviour | undefined;
    },

    async enterCard(paymentId, card) {
      const token = newId('card');
      await db.insert(sandboxCards).values({ token, ...card });
      const [row] = await db
        .update(sandboxPayments)
        .set({ cardToken: token, challengeToken: newId('3ds'), updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'pending')))
        .returning();
      return row;
    },

    async complete(paymentId, { errorCode }) {
      const row = await byId(paymentId);
      if (!row) return undefined;
      return finishPending(paymentId, {
        status: errorCode ? 'failed' : 'succeeded',
        errorCode,
        capturedMinor: errorCode ? 0 : row.amountMinor,
        challengeToken: null,
      });
    },

    async wrongChallenge(paymentId) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ challengeTries: sql`${sandboxPayments.challengeTries} + 1`, updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'pending')))
        .returning();
      if (row && row.challengeTries >= MAX_CHALLENGE_TRIES)
        return finishPending(paymentId, { status: 'failed', errorCode: 'ACQ12', challengeToken: null });
      return row ?? (await byId(paymentId));
    },

    async settled() {
      await Promise.allSettled([...delivering]);
    },
  };

  function failedView(paymentId: string): AcquirerPayment {
    return {
      paymentId,
      status: 'failed',
      amountMinor: 0,
      currency: 'rub',
      capturedMinor: 0,
      refundedMinor: 0,
      errorCode: 'ACQ18',
      card: null,
      cardSaved: false,
      redirectUrl: null,
    };
  }
}

/**
 * The key the sandbox signs its notifications with: made once and kept in the database, so
 * every instance on it checks the same signatures.
 */
export async function sandboxSecret(db: Db): Promise<string> {
  const name = 'sandbox_acquirer_secret';
  await db
    .insert(serverKeys)
    .values({ name, value: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  const secret = row?.value.secret;
  if (typeof secret !== 'string') throw new Error('the sandbox acquirer secret is unreadable');
  return secret;
}
