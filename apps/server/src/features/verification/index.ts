/** The verification feature's public face: only its routes, for the composition root. */
export { verificationRoutes } from './verification.routes.ts';
