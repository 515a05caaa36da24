/** The home feature's public face: only its routes, for the composition root. */
export { homeRoutes } from './home.routes.ts';
