/** The social feature's public face: follows. */
// For the composition root: the routes.
export { socialRoutes } from './social.routes.ts';
// Following and unfollowing on others' behalf (a block unfollows both ways; the demo seed).
export { setFollowing, unfollowBothWays } from './social.service.ts';
