// What other modules may use of receipts (STYLE.md: one public entry file per module).
export { receiptRoutes } from './routes';
export {
  issueEarningReceipt,
  type EarningReceiptFacts,
  issueOperationReceipt,
  issueReservationReceipt,
  type ReservationReceiptFacts,
  issueSessionAdjustmentReceipt,
  issueSessionReceipt,
  issueShopOrderReceipt,
  type ShopOrderReceiptFacts,
  type SessionAdjustmentFacts,
  type SessionReceiptFacts,
} from './issue';
// The receipt of each session and reservation in a list of them.
export { receiptIdsFor } from './repo';
