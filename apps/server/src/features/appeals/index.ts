/**
 * The appeals feature's public face (issue 29): owners appeal takedowns and suspensions, the
 * console grants or denies them.
 */
// For the composition root: the routes.
export { appealsRoutes } from './appeals.routes.ts';
