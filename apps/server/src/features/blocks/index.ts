/** The blocks feature's public face. */
// For the composition root: the routes.
export { blocksRoutes } from './blocks.routes.ts';
// Whether either of two users blocked the other (money ends subscriptions on it).
export { blockedEitherWay } from './blocks.service.ts';
