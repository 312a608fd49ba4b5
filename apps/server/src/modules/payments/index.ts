// The payments module's public entry: what the app, the sessions and the test harness use.

export { defaultCard } from './card-repo';
export { payDebt } from './debt';
export { refund } from './refund';
export { operationOf, sessionPaymentOf } from './repo';
export { paymentRoutes } from './routes';
export { captureSession, holdForSession, releaseSessionHold } from './session-payment';
export { captureReservation, holdForReservation } from './reservation-payment';
export { applyOutcome, onCallback, paymentOf, settleOperation } from './settlement';
export { sweepPayments } from './sweep';
export { topUp } from './top-up';
