export { receiptRoutes } from './routes';
export { issueOperationReceipt, issueSessionReceipt } from './issue';
