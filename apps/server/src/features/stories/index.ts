/** The stories feature's public face: what other features and the composition root use. */
// Routes, the processing job's handlers and the stuck-story sweeper (features/index.ts, server.ts).
export { storiesRoutes } from './stories.routes.ts';
export { makeExtraRenditions, processStory } from './story-processing.ts';
export { StorySweeper } from './story-sweeper.ts';
// Making a story and seeding its watches (a live replay, the demo seed).
export { createStory, recordWatchForSeed } from './stories.service.ts';
// Moderation's enforcement (issue 29): a story taken down everywhere, and put back.
export { restoreStory, takeDownStory } from './story-takedown.ts';
// Known content's review (issue 29, moderation/review): a held story published.
export { publishHeldStory } from './story-review.ts';
