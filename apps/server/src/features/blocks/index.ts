/** The blocks feature's public face: what other features may use. */
export { blocksRoutes } from './blocks.routes.ts';
export { blockedEitherWay } from './blocks.service.ts';
