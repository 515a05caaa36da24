import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useStoryViewer } from './story-viewer-context.ts';
import { useStoryGroup } from './story-viewer.queries.ts';

interface StoryRingButtonProps {
  userId: number;
  name: string;
  /** The avatar to ring. */
  children: ReactNode;
}

/**
 * A creator's avatar that opens their stories: an accent ring while some are unwatched, a grey
 * one when all are. Without stories the avatar is shown as it is.
 */
export function StoryRingButton({ userId, name, children }: StoryRingButtonProps) {
  const { t } = useTranslation();
  const viewer = useStoryViewer();
  const group = useStoryGroup(userId);
  const stories = group.data?.stories ?? [];
  if (stories.length === 0) return children;
  const unwatched = stories.some((story) => !story.watched);
  return (
    <button
      type="button"
      aria-label={t('viewer.openStories', { name })}
      data-unwatched={unwatched}
      onClick={() => viewer.open({ userIds: [userId], startUserIndex: 0 })}
      className={cn(
        'shrink-0 rounded-full p-[3px]',
        unwatched ? 'bg-linear-to-tr from-accent to-amber-400' : 'bg-neutral-300',
        focusRing,
      )}
    >
      <span className="block rounded-full bg-white p-0.5">{children}</span>
    </button>
  );
}
