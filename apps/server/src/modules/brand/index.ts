export { brandRoutes } from './routes';
