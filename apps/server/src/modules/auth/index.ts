export { authRoutes } from './routes';
export { sendEmailConfirmation } from './service';
export { hashPassword, verifyNothing, verifyPassword } from '../../crypto/passwords';
export { findSessionByTokenHash, findUserIdByTokenHash, touchAccessToken } from './repo';
export { assertNotLocked, loginHash, recordWrongPassword } from './lockout';
