/** The live feature's public face: what other features may use. */
export { livePlaybackRoutes } from './live-playback.routes.ts';
export { createLive } from './live.ts';
export type { LiveRuntime } from './live.ts';
export { streamsRoutes } from './streams.routes.ts';
