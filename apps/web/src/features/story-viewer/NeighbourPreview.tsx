import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useStoryGroup } from './story-viewer.queries.ts';

interface NeighbourPreviewProps {
  userId: number;
  onSelect: () => void;
}

/** Smaller than the story in the middle: the frame's height is 100dvh - 2rem (StoryViewerOverlay). */
const previewSize = 'aspect-[9/16] h-[calc((100dvh-2rem)*0.38)] shrink-0 rounded-xl';

/**
 * A creator before or after the current one, shown small beside the story on a desktop (as
 * Instagram's web viewer does): their next story's picture, dimmed, with their photo and name.
 * Choosing it moves the viewer to them.
 */
export function NeighbourPreview({ userId, onSelect }: NeighbourPreviewProps) {
  const { t } = useTranslation();
  const group = useStoryGroup(userId).data;
  const story = group?.stories.find((candidate) => !candidate.watched) ?? group?.stories[0];
  // Until it loads (or with nothing to show) the place stays, so the row does not jump.
  if (!group || !story) return <div aria-hidden="true" className={previewSize} />;
  const picture = story.isAvailable ? (story.overlay_src ?? story.overlay_image_src) : null;
  return (
    <button
      type="button"
      aria-label={t('viewer.goToCreator', { name: group.name })}
      onClick={onSelect}
      className={cn(
        previewSize,
        'group relative flex flex-col items-center justify-center gap-2 overflow-hidden bg-neutral-800 p-3',
        focusRing,
      )}
    >
      {picture && (
        <img
          src={picture}
          alt=""
          decoding="async"
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <span className="absolute inset-0 bg-black/55 transition-colors group-hover:bg-black/35" />
      <span
        aria-hidden="true"
        className={cn(
          'relative rounded-full p-0.5',
          group.stories.some((candidate) => !candidate.watched)
            ? 'bg-linear-to-tr from-accent to-amber-400'
            : 'bg-neutral-400',
        )}
      >
        <Avatar
          src={group.profileImage}
          name={group.name}
          size="md"
          className="border-2 border-black"
        />
      </span>
      <span className="relative max-w-full truncate text-sm font-semibold drop-shadow">
        {group.name}
      </span>
      {!story.isAvailable && <Lock aria-hidden="true" size={18} className="relative opacity-80" />}
    </button>
  );
}
