export { postTransaction, type Posting } from './service';
export { userWalletBalanceMinor } from './repo';
