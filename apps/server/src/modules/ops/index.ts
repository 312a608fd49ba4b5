export { opsRoutes } from './routes';
