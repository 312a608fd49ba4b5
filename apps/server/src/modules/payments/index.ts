// What other modules may use of payments (STYLE.md: one public entry file per module).
export { defaultCard } from './card-store';
export {
  captureSession,
  holdForSession,
  releaseSessionHold,
  sweepPayments,
} from './session-payment';
