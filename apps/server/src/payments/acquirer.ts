import type { Currency } from '@evcharge/domain/currency';

// DESIGN.md Payments: the one interface every acquirer plugs in behind. Card numbers never
// pass it: a card is the acquirer's token with what may be shown of it. Every call that
// moves money carries an idempotency key: repeated with the same key, the acquirer answers
// with the same payment and moves nothing more, which is how a lost answer is recovered.

export type AcquirerCard = {
  token: string;
  brand: string;
  last4: string;
  bank: string | null;
  expMonth: number;
  expYear: number;
};

export type AcquirerPaymentStatus = 'pending' | 'held' | 'succeeded' | 'failed' | 'released';

/** A payment as the acquirer tells it now. */
export type AcquirerPayment = {
  paymentId: string;
  status: AcquirerPaymentStatus;
  amountMinor: number;
  currency: Currency;
  /** Taken in the end: a capture may take less than was held. */
  capturedMinor: number;
  refundedMinor: number;
  /** ACQ1 … ACQ23, or CARD_BLOCKED when the bank blocked the card, on a failed payment. */
  errorCode: string | null;
  /** The card paid with; its token is kept when the card was bound or saved. */
  card: AcquirerCard | null;
  /** Whether the customer asked to keep the card (binding, or "save the card"). */
  cardSaved: boolean;
  /** Where the customer goes to type the card (and pass 3-D Secure) while pending. */
  redirectUrl: string | null;
};

type Money = { amountMinor: number; currency: Currency; description: string };

export type CheckoutRequest = Money & {
  idempotencyKey: string;
  /** bind: check the card and keep it (amount 0); pay: take the amount from the card typed. */
  purpose: 'bind' | 'pay';
  saveCard: boolean;
  /**
   * Where the acquirer sends the browser back: /cardredirect?operation=… after a binding,
   * /callback?operation=… after a payment.
   */
  returnUrl: string;
  /** Where the acquirer posts its notification. */
  callbackUrl: string;
};

export type CardRequest = Money & { idempotencyKey: string; cardToken: string };

export interface Acquirer {
  /** As ACQUIRER names it; stored with each operation. */
  readonly name: string;
  /** A payment the customer completes on the acquirer's page (binding or a one-time card). */
  checkout(request: CheckoutRequest): Promise<AcquirerPayment>;
  /** Takes money from a bound card at once. */
  charge(request: CardRequest): Promise<AcquirerPayment>;
  /** Holds money on a bound card; capture or release follows. */
  hold(request: CardRequest): Promise<AcquirerPayment>;
  /** Takes (at most the held amount) from a hold; the rest is released. */
  capture(request: {
    idempotencyKey: string;
    paymentId: string;
    amountMinor: number;
  }): Promise<AcquirerPayment>;
  release(request: { idempotencyKey: string; paymentId: string }): Promise<AcquirerPayment>;
  /** Gives money of a succeeded payment back to its card; answers the refund's own payment. */
  refund(request: {
    idempotencyKey: string;
    paymentId: string;
    amountMinor: number;
  }): Promise<AcquirerPayment>;
  /** The payment now, by its id. */
  payment(paymentId: string): Promise<AcquirerPayment | undefined>;
  /** The payment a request with this key made, if it reached the acquirer. */
  paymentByKey(idempotencyKey: string): Promise<AcquirerPayment | undefined>;
  /** Forget a bound card (its token stops working). */
  unbind(cardToken: string): Promise<void>;
  /**
   * The payment id a notification names, when its signature is right; undefined when not.
   * Its content is not trusted further: the payment is asked for with `payment()`.
   */
  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>):
    | string
    | undefined;
}

/** The acquirer could not be reached or answered nonsense: the operation stays open. */
export class AcquirerUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AcquirerUnavailable';
  }
}
