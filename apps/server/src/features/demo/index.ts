/** The demo feature's public face: it sits above every feature and nothing imports it. */
// For main.ts: the demo data on an empty database, and the demo creator's live stream.
export { seedDemoIfEmpty } from './demo-seed.ts';
export { startDemoLive } from './demo-live.ts';
