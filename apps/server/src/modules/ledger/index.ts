// What other modules may use of the ledger (STYLE.md: one public entry file per module).
export { payerForProfile, payerOf, type Payer } from './payer';
export {
  balanceCapSql,
  lockUser,
  openBalanceSessionsCost,
  openSessionCount,
  payerCurrency,
  walletBalanceMinor,
} from './payer-repo';
export { postTransaction, type Posting } from './service';
export { userWalletBalanceMinor, walletCurrencyOf } from './repo';
