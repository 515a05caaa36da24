/** The verification feature's public face: what other features may use. */
export { verificationRoutes } from './verification.routes.ts';
