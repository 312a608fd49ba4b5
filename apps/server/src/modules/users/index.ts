export { userRoutes } from './routes';
export { userView } from './service';
export { findUserById } from './repo';
