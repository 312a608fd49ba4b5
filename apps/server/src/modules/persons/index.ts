export { personRoutes } from './routes';
