export { devRoutes } from './routes';
export { escapeHtml } from './outbox-page';
