// Known-content matching (issue 29): perceptual hashes of every story's media, a blocklist of
// hashes, and the check that holds a near copy of listed content for review. Review decisions
// live in moderation/review (above stories); this feature only hashes, stores and matches.
export {
  checkMedia,
  listStoryHashes,
  storeStoryHashes,
  type MediaCheck,
} from './known-content.service.ts';
export type { BlocklistMatch } from './known-content.repository.ts';
export { closestToStory } from './known-content-review.repository.ts';
export { knownContentRoutes } from './known-content.routes.ts';
