import type { Db } from '../../db/client';
import type { PaymentDeps } from './operations';
import type { Operation } from './repo';

/**
 * What a payment for something another module sells (a shop order, SPEC §2 shop) does when the
 * acquirer's answer ends it. Declared here, implemented by the seller's module and wired in
 * app.ts, so payments needs no module above it. Called once per operation by the settling step,
 * inside its transaction, with the operation's row locked: use `tx` only.
 */
export type Purchases = {
  /**
   * The money is taken: the operation succeeded and its credit is on the payer's wallet.
   * `card` is what the acquirer showed of the card paid with (kept or not).
   */
  paid(step: {
    deps: PaymentDeps;
    tx: Db;
    operation: Operation;
    card: { brand: string; last4: string } | null;
  }): Promise<void>;
  /** The bank declined it (errorCode on the operation): nothing was taken. */
  failed(step: { deps: PaymentDeps; tx: Db; operation: Operation }): Promise<void>;
};
