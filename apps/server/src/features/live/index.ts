/** The live feature's public face. */
// For the composition root: the routes and the node's live runtime (ingest, sockets, sweeper).
export { livePlaybackRoutes } from './live-playback.routes.ts';
export { createLive } from './live.ts';
export type { LiveRuntime } from './live.ts';
export { streamsRoutes } from './streams.routes.ts';
// For the demo: a creator live with a generated test pattern.
export { streamTestPattern } from './test-pattern-stream.ts';
// Moderation's enforcement (issue 29): a stream stopped for every viewer, its replay hidden.
export { endOpenStreamOf, restoreStream, takeDownStream } from './stream-takedown.ts';
