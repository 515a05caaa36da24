/** The search feature's public face: only its routes, for the composition root. */
export { searchRoutes } from './search.routes.ts';
