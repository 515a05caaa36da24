import { useHomeRemovals } from './home-removals.ts';
import { useStoryGroupRemovals } from './story-group-removals.ts';

/**
 * Issue 29: an item a moderator took down (`content.removed`) leaves the screens already open.
 * Here the caches any screen may show it from; the screens holding their own state (an open
 * chat, the live viewer, the story viewer) take the event themselves.
 */
export function RemovalsWatcher() {
  useStoryGroupRemovals();
  useHomeRemovals();
  return null;
}
