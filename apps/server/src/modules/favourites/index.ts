export { favouriteRoutes } from './routes';
