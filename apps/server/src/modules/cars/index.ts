export { carRoutes } from './routes';
