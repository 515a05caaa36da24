/** The home feature's public face: what other features may use. */
export { homeRoutes } from './home.routes.ts';
