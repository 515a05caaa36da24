import { lazyModule } from '../../lib/lazy-module.ts';

/**
 * The viewer itself (media, gestures, dialogs): its own chunk, loaded once. The provider renders
 * it once it is here, not through Suspense: React would hold the revealed viewer back for 300 ms
 * after the fallback, which is most of the time a phone takes to show the first story.
 */
export const overlayModule = lazyModule(() => import('./StoryViewerOverlay.tsx'));
