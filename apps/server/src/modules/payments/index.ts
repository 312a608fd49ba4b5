// The payments module's public entry: what the app, the sessions and the test harness use.

export { defaultCard } from './card-repo';
export { payDebt } from './debt';
export type { PaymentDeps } from './operations';
export { refund } from './refund';
export { operationOf, sessionPaymentOf } from './repo';
export { paymentRoutes } from './routes';
export { captureSession, holdForSession, releaseSessionHold } from './session-payment';
export { captureReservation, holdForReservation } from './reservation-payment';
export {
  applyOutcome,
  onCallback,
  paymentAsItStands,
  paymentOf,
  settleOperation,
} from './settlement';
export type { Purchases } from './purchases-port';
export { openShopPayment, payShopOrder, shopPaymentCard, type ShopCard } from './shop-payment';
export { sweepPayments } from './sweep';
export { topUp } from './top-up';
