/**
 * The live feature's public face: the pieces home's lazy Streams tab uses. The watch
 * screen is a route of its own (app/lazy-screens.ts), so nothing heavy is re-exported here.
 */
import './live-texts.ts';

export { LiveBadge } from './LiveBadge.tsx';
export { ViewerCount } from './ViewerCount.tsx';
/** The creator's Go live screen shows the same chat and viewer count as viewers see. */
export { LiveChat } from './LiveChat.tsx';
export { useStreamPresence } from './use-stream-presence.ts';
