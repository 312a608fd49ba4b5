// What other modules may use of loyalty cards (STYLE.md: one public entry file per module):
// the routes for app.ts, and for the sessions the card a session runs with and its points.
export { loyaltyRoutes } from './routes';
export { addCardPoints, sessionCard, type SessionCard } from './service';
