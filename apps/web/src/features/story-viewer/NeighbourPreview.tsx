import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useStoryGroup } from './story-viewer.queries.ts';

interface NeighbourPreviewProps {
  userId: number;
  /** The second creator out on its side: shown only where the column has room for two. */
  outer: boolean;
  onSelect: () => void;
}

/**
 * 38 % of the story's height (the frame is 100dvh - 2rem tall at 9:16, so 0.21375 of that is
 * the width), but never wider than the column (a size container, NeighbourColumn) allows: one
 * preview in a narrow column, two side by side from 20rem.
 */
const previewSizes = {
  nearest:
    'w-[min(calc((100dvh-2rem)*0.21375),calc(100cqw-1.5rem))] @min-[20rem]:w-[min(calc((100dvh-2rem)*0.21375),calc((100cqw-1.5rem)/2))]',
  outer:
    'hidden @min-[20rem]:flex @min-[20rem]:w-[min(calc((100dvh-2rem)*0.21375),calc((100cqw-1.5rem)/2))]',
};

/**
 * A creator before or after the current one, shown small beside the story on a desktop (as
 * Instagram's web viewer does): their next story's picture, dimmed, with their photo and name.
 * Choosing it moves the viewer to them.
 */
export function NeighbourPreview({ userId, outer, onSelect }: NeighbourPreviewProps) {
  const { t } = useTranslation();
  const previewSize = cn(
    'aspect-[9/16] shrink-0 rounded-xl',
    outer ? previewSizes.outer : previewSizes.nearest,
  );
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
        'group relative flex-col items-center justify-center gap-2 overflow-hidden bg-neutral-800 p-3',
        !outer && 'flex',
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
