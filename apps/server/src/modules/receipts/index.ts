// What other modules may use of receipts (STYLE.md: one public entry file per module).
export { receiptRoutes } from './routes';
export { issueOperationReceipt, issueSessionReceipt } from './issue';
