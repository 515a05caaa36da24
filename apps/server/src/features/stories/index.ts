/** The stories feature's public face: what other features may use. */
export { chatStoriesFor, isOnline } from './chat-story.service.ts';
export { storiesRoutes } from './stories.routes.ts';
export { createStory, recordWatchForSeed, storyPresence } from './stories.service.ts';
export { makeExtraRenditions, processStory } from './story-processing.ts';
export { storyReplyQuotes } from './story-reply-quotes.service.ts';
