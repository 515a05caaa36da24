import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useRealtimeConnection } from '../../lib/realtime-rooms.ts';
import { notify } from '../../ui/snackbar.ts';
import { useInvalidateOwnStories } from './own-stories.queries.ts';

/**
 * Keeps the own stories fresh while the user is signed in: the server says when a posted story
 * has finished processing (`story.ready`) or could not be processed (`story.failed`).
 */
export function useOwnStoriesLiveUpdates(): void {
  const { t } = useTranslation();
  const invalidate = useInvalidateOwnStories();
  // The socket connects once the first screen has settled (lib/idle.ts) and again after a drop:
  // a story that became ready before that sent its event to nobody, so read them again.
  useRealtimeConnection(() => void invalidate());
  useRealtimeEvent('story.ready', () => {
    void invalidate();
  });
  useRealtimeEvent('story.failed', () => {
    notify.error(t('ownStories.processingFailedToast'));
    void invalidate();
  });
}
