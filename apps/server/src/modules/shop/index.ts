// The shop's public entry (SPEC §2 shop): its routes, and its side of a payment by card.
export { shopPurchases } from './purchases';
export { shopRoutes } from './routes';
