/** The search feature's public face: what other features may use. */
export { searchRoutes } from './search.routes.ts';
