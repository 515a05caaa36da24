/** The auth feature's public face: what other features may use. */
export { authRoutes } from './auth.routes.ts';
export { userIdForToken } from './auth.service.ts';
export { hashPassword } from './password.ts';
export { SESSION_COOKIE } from './session-token.ts';
export { sessionPlugin } from './session.plugin.ts';
