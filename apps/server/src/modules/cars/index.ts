export { carRoutes } from './routes';
// The driver's cars, for the support console's view of a conversation (SPEC §6).
export { listCars } from './service';
