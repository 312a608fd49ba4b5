export { authRoutes } from './routes';
export { sendEmailConfirmation } from './service';
export { hashPassword, verifyNothing, verifyPassword } from '../../crypto/passwords';
export { findSessionByTokenHash, touchAccessToken } from './repo';
