// What other modules may use of receipts (STYLE.md: one public entry file per module).
export { issueSessionReceipt } from './issue';
