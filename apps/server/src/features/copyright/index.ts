/**
 * The copyright feature's public face (issue 29): notices, counter-notices, the claimant's court
 * action, the console's list and rejection; the sweep that restores countered stories.
 */
// For the composition root: the routes and the restore sweep (worker nodes).
export { copyrightRoutes } from './copyright.routes.ts';
export { CopyrightRestorer } from './copyright-sweeper.ts';
export { restoreCounteredNotices } from './copyright.service.ts';
