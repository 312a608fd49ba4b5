export { companyRoutes } from './routes';
