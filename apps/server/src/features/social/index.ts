/** The social feature's public face: what other features may use. */
export { socialRoutes } from './social.routes.ts';
export { setFollowing, unfollowBothWays } from './social.service.ts';
