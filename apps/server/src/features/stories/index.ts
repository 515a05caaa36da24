/** The stories feature's public face: what other features and the composition root use. */
// Routes, the processing job's handlers and the stuck-story sweeper (features/index.ts, server.ts).
export { storiesRoutes } from './stories.routes.ts';
export { makeExtraRenditions, processStory } from './story-processing.ts';
export { StorySweeper } from './story-sweeper.ts';
// Making a story and seeding its watches (a live replay, the demo seed).
export { createStory, recordWatchForSeed } from './stories.service.ts';
