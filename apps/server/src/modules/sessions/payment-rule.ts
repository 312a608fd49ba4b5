import { minStartBalanceMinor } from '@evcharge/domain/charging';
import type { Currency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import { exchangeBetween, type Exchange, type ExchangeRates } from '@evcharge/domain/exchange';
import { cardHoldMinor } from '@evcharge/domain/payments';
import type { StationAccess } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import { defaultCard } from '../payments';
import { openBalanceSessionsCost, payerCurrency, walletBalanceMinor, type Payer } from '../ledger';

// The money rule of every way in (SPEC §1 pay by card or balance, §5 the minimum balance, §6 a
// company's balance, §8 debt): a start from the app, its plan, a reservation and its quote, a
// driver's RFID tag at the reader and a start a charge point made without us, a roaming
// partner's real-time authorization. One place decides what pays and in which currency.
//
// A wallet is kept in one currency (the driver's, or the company's). A station priced in
// another (Aqaba, in dollars) is paid from it at the brand's rate (domain/exchange.ts, the rule
// roaming converts a partner's price with): the session or reservation is then kept in the
// wallet's currency, its prices converted. When the wallet cannot pay (too little, or no rate
// for the pair) the default card pays in the station's own currency, held and captured in it.

type Card = NonNullable<Awaited<ReturnType<typeof defaultCard>>>;

/**
 * What the session or reservation is kept and paid in (`currency`), and the rate its prices
 * are converted at when that is not the station's currency (`exchange`, else null).
 */
export type PaidIn = { currency: Currency; exchange: Exchange | null };

/** The payer's wallet: what it holds, in its own currency. */
type Wallet = { balanceMinor: number; balanceCurrency: Currency };

export type StartPayment = PaidIn &
  Wallet &
  (
    | { method: 'balance' | 'company'; capMinor: number; card: undefined }
    /** The owner's own station: nothing to pay, nothing to cap. */
    | { method: 'balance'; capMinor: null; card: undefined }
    | { method: 'card'; capMinor: number; card: Card }
  );

/**
 * A roaming partner's driver (SPEC §1, our side as CPO): the partner pays for what its driver
 * charges (OCPI 2.2.1 §10 CDR), on its account, in the station's currency; the partner decided
 * the driver's credit when it issued or authorized the token.
 */
export type PartnerPayment = PaidIn &
  Wallet & { method: 'partner'; capMinor: null; card: undefined };

export type PaymentRefusal = Wallet & { refusal: AppError; exchange: Exchange | null };

/**
 * How the payer's wallet pays a price in `priceCurrency`: in its own currency, at the brand's
 * rate when the two differ. Undefined: the wallet cannot pay it (no rate for the pair).
 */
export async function walletPays(
  db: Db,
  payer: Payer,
  priceCurrency: Currency,
  rates: ExchangeRates,
  /** The wallet's currency when the caller read it already (the driver's locked row). */
  known?: Currency,
): Promise<{ walletCurrency: Currency; paidIn: PaidIn | undefined }> {
  const walletCurrency = known ?? (await payerCurrency(db, payer)) ?? priceCurrency;
  if (walletCurrency === priceCurrency)
    return { walletCurrency, paidIn: { currency: priceCurrency, exchange: null } };
  const exchange = exchangeBetween(rates, priceCurrency, walletCurrency);
  return {
    walletCurrency,
    paidIn: exchange ? { currency: walletCurrency, exchange } : undefined,
  };
}

/**
 * How a start (or a reservation) at a station priced in `priceCurrency` is paid, or why it
 * cannot be (the plan and the quote show the same answer before the driver confirms): from the
 * wallet while what it holds (less what the driver's other open sessions may still cost)
 * covers the minimum, at the brand's rate when the station prices in another currency; else
 * from the default card, held at the start in the station's currency; a company's balance for
 * a corporate profile. The cap is what the server stops the session before, in the currency it
 * is paid in. A debt blocks every start on the personal profile.
 */
export async function paymentFor(
  tx: Db,
  userId: string,
  payer: Payer,
  priceCurrency: Currency,
  rates: ExchangeRates,
  access: StationAccess = 'public',
  /** The payer's wallet currency when the caller read it already. */
  walletCurrencyKnown?: Currency,
): Promise<StartPayment | PaymentRefusal> {
  const { walletCurrency, paidIn } = await walletPays(
    tx,
    payer,
    priceCurrency,
    rates,
    walletCurrencyKnown,
  );
  const balance = await walletBalanceMinor(tx, payer, walletCurrency);
  const wallet = { balanceMinor: balance, balanceCurrency: walletCurrency };
  // Charging on one's own station costs nothing: no minimum, no debt check, no card.
  if (access === 'owner')
    return {
      method: 'balance',
      capMinor: null,
      card: undefined,
      ...wallet,
      currency: priceCurrency,
      exchange: null,
    };
  const minimum = minStartBalanceMinor(walletCurrency);
  const refuse = (refusal: AppError): PaymentRefusal => ({
    refusal,
    ...wallet,
    exchange: paidIn?.exchange ?? null,
  });
  if (payer.kind === 'company_wallet') {
    if (!paidIn || balance < minimum) return refuse(new AppError('COMPANY_BALANCE_INSUFFICIENT'));
    return { method: 'company', capMinor: balance, card: undefined, ...wallet, ...paidIn };
  }
  if (balance < 0) return refuse(new AppError('DEBT_BLOCKS', { details: { debtMinor: -balance } }));
  // What a card's capture left unpaid in the station's own currency is a debt too.
  if (walletCurrency !== priceCurrency) {
    const owed = await walletBalanceMinor(tx, payer, priceCurrency);
    if (owed < 0)
      return refuse(
        new AppError('DEBT_BLOCKS', { details: { debtMinor: -owed, currency: priceCurrency } }),
      );
  }
  const available = balance - (await openBalanceSessionsCost(tx, userId));
  if (paidIn && available >= minimum)
    return { method: 'balance', capMinor: available, card: undefined, ...wallet, ...paidIn };
  const card = await defaultCard(tx, userId);
  if (card?.status === 'blocked') return refuse(new AppError('CARD_BLOCKED'));
  if (!card || card.status !== 'linked')
    return refuse(
      new AppError('INSUFFICIENT_FUNDS', {
        details: { balanceMinor: balance, minBalanceMinor: minimum, currency: walletCurrency },
      }),
    );
  return {
    method: 'card',
    capMinor: cardHoldMinor(priceCurrency),
    card,
    ...wallet,
    currency: priceCurrency,
    exchange: null,
  };
}
