import fc from 'fast-check';
import { minStartBalanceMinor } from '@evcharge/domain/charging';
import type { ErrorCode } from '@evcharge/domain/errors';
import { cardHoldMinor } from '@evcharge/domain/payments';
import type { UserRow } from '../plugins/auth';
import type { SessionPlan } from './money-session';

// The commands of the ledger's property test (modules/payments/ledger.property.int.test.ts):
// how they are drawn, and what each should do to a driver's wallet by the rules (`predict`)
// when it runs alone. ./money-commands.ts runs them.

export type PageOutcome = 'ok' | 'decline' | 'abandon';

export type Command =
  | { kind: 'topUpCard'; amountMinor: number }
  | { kind: 'topUpPage'; amountMinor: number; page: PageOutcome }
  /** Thousandths of what is refundable; past 1000 asks for more than may be given back. */
  | { kind: 'refund'; permille: number }
  | ({ kind: 'session' } & SessionPlan)
  | { kind: 'payDebtCard' }
  | { kind: 'payDebtPage'; page: PageOutcome }
  /** Settles one of the driver's operations again, several ways at once. */
  | { kind: 'replay'; pick: number };

/** Commands of one driver: one alone, or two at once. */
export type Step = { driver: number; commands: Command[] };

export const cardNumbers = {
  ok: '4242424242424242',
  'later:ACQ1': '4000000000000341',
  blocked: '4000000000009987',
} as const;
export type DriverCard = keyof typeof cardNumbers;

/** What the rules say of a driver, followed command by command. */
export type Model = { walletMinor: number; refundableTopUpsMinor: number; isCardBlocked: boolean };

export type PropertyDriver = {
  user: UserRow;
  card: { id: string; behaviour: DriverCard };
  place: { connectorId: string; tariffId: string };
  model: Model;
};

/** What a command did: to the wallet, to what may be refunded, to the card; or its error. */
export type Effect = {
  walletMinor: number;
  topUpMinor: number;
  refundMinor: number;
  debtPaidMinor: number;
  sessionCostMinor: number;
  isCardBlocked: boolean;
  error?: ErrorCode;
  /** The operation the answer was about: a double tap may be answered with the first one's. */
  operationId?: string;
};

const HOLD = cardHoldMinor('rub');
const MIN_START = minStartBalanceMinor('rub');

const amountArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 60_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 9_999, 10_000, 10_001, HOLD) },
);
const pageArb = fc.constantFrom<PageOutcome>('ok', 'ok', 'decline', 'abandon');

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('topUpCard' as const), amountMinor: amountArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('topUpPage' as const),
      amountMinor: amountArb,
      page: pageArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      permille: fc.integer({ min: 0, max: 1200 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('session' as const),
      permille: fc.integer({ min: 0, max: 1000 }),
      overshootPermille: fc.oneof(
        { weight: 2, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) },
      ),
      ending: fc.constantFrom('finish', 'finish', 'finish', 'cancel', 'expire', 'expire'),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'payDebtCard' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payDebtPage' as const), page: pageArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
);

export function stepArb(drivers: number): fc.Arbitrary<Step> {
  const alone = commandArb.map((command) => [command]);
  // Two at once: any two (one session at most: a driver's sessions are on one connector),
  // or the same command twice (a double tap).
  const together = fc
    .tuple(commandArb, commandArb)
    .filter(([a, b]) => a.kind !== 'session' || b.kind !== 'session');
  const twice = commandArb.filter((c) => c.kind !== 'session').map((command) => [command, command]);
  return fc.record({
    driver: fc.nat({ max: drivers - 1 }),
    commands: fc.oneof(
      { weight: 6, arbitrary: alone },
      { weight: 2, arbitrary: together },
      { weight: 2, arbitrary: twice },
    ),
  });
}

export const noEffect = (model: Model): Effect => ({
  walletMinor: 0,
  topUpMinor: 0,
  refundMinor: 0,
  debtPaidMinor: 0,
  sessionCostMinor: 0,
  isCardBlocked: model.isCardBlocked,
});

export function refundableMinor(model: Model) {
  return Math.min(Math.max(0, model.walletMinor), model.refundableTopUpsMinor);
}

/** A refund's amount, from the model before the step. */
export function refundAmount(model: Model, permille: number) {
  return Math.max(1, Math.floor((refundableMinor(model) * permille) / 1000));
}

/** What a payment from the bound card ends with, by what its test number stands for. */
function cardPayment(driver: PropertyDriver, effect: Effect, paid: Partial<Effect>): Effect {
  if (driver.model.isCardBlocked) return { ...effect, error: 'CARD_BLOCKED' };
  if (driver.card.behaviour === 'later:ACQ1') return { ...effect, error: 'ACQ1' };
  if (driver.card.behaviour === 'blocked')
    return { ...effect, isCardBlocked: true, error: 'CARD_BLOCKED' };
  return { ...effect, ...paid };
}

function pagePayment(page: PageOutcome, effect: Effect, paid: Partial<Effect>): Effect {
  if (page === 'decline') return { ...effect, error: 'ACQ4' };
  if (page === 'abandon') return effect;
  return { ...effect, ...paid };
}

/** What the rules say a command does when it runs alone. */
export function predict(driver: PropertyDriver, command: Command, refundMinor: number): Effect {
  const { model } = driver;
  const effect = noEffect(model);
  const debt = Math.max(0, -model.walletMinor);
  switch (command.kind) {
    case 'topUpCard':
      return cardPayment(driver, effect, {
        walletMinor: command.amountMinor,
        topUpMinor: command.amountMinor,
      });
    case 'topUpPage':
      return pagePayment(command.page, effect, {
        walletMinor: command.amountMinor,
        topUpMinor: command.amountMinor,
      });
    case 'refund':
      return refundMinor <= refundableMinor(model)
        ? { ...effect, walletMinor: 0 - refundMinor, refundMinor }
        : { ...effect, error: 'VALIDATION_FAILED' };
    case 'payDebtCard':
      if (debt === 0) return { ...effect, error: 'NO_DEBT' };
      return cardPayment(driver, effect, { walletMinor: debt, debtPaidMinor: debt });
    case 'payDebtPage':
      if (debt === 0) return { ...effect, error: 'NO_DEBT' };
      return pagePayment(command.page, effect, { walletMinor: debt, debtPaidMinor: debt });
    case 'replay':
      return effect;
    case 'session':
      return predictSession(driver, command, effect);
  }
}

function predictSession(driver: PropertyDriver, plan: SessionPlan, effect: Effect): Effect {
  const wallet = driver.model.walletMinor;
  if (wallet < 0) return { ...effect, error: 'DEBT_BLOCKS' };
  const cost = (cap: number) => Math.floor((cap * (plan.permille + plan.overshootPermille)) / 1000);
  if (wallet >= MIN_START) {
    if (plan.ending === 'cancel') return effect;
    return { ...effect, walletMinor: 0 - cost(wallet), sessionCostMinor: cost(wallet) };
  }
  const held = cardPayment(driver, effect, {});
  if (held.error || plan.ending === 'cancel') return held;
  const captured = plan.ending === 'expire' ? 0 : Math.min(cost(HOLD), HOLD);
  return { ...effect, walletMinor: captured - cost(HOLD), sessionCostMinor: cost(HOLD) };
}

/**
 * Promise.all that waits for every promise before it rejects: a failed run leaves nothing of
 * its own running into the next one (fast-check replays runs while it shrinks).
 */
export async function allDone<T extends readonly unknown[] | []>(
  promises: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const results = await Promise.allSettled(promises as readonly unknown[]);
  const failed = results.find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [P in keyof T]: Awaited<T[P]>;
  };
}
