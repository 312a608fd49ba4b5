export { authRoutes } from './routes';
export { sendEmailConfirmation } from './service';
export { hashPassword, verifyNothing, verifyPassword } from './passwords';
export { findSessionByTokenHash, touchAccessToken } from './repo';
