import type { OwnStory } from '@glimpse/contract';
import { Download, Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

interface StoryActionsProps {
  story: OwnStory;
  onEdit: () => void;
  onDelete: () => void;
}

const iconClass =
  'inline-flex size-11 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100';

/** Under the carousel (spec 2): view count, download link, edit and delete. */
export function StoryActions({ story, onEdit, onDelete }: StoryActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2 px-4">
      <p className="inline-flex items-center gap-1.5 text-sm text-neutral-700">
        <Eye aria-hidden="true" size={18} />
        {t('ownStories.views', { count: story.view_count })}
      </p>
      <div className="flex items-center gap-1">
        {story.download_src ? (
          <a
            href={story.download_src}
            download
            aria-label={t('ownStories.download')}
            title={t('ownStories.download')}
            className={cn(iconClass, focusRing)}
          >
            <Download aria-hidden="true" size={20} />
          </a>
        ) : (
          // Nothing to download while processing or after a failure; the control stays in place.
          <IconButton label={t('ownStories.download')} disabled className="disabled:opacity-40">
            <Download aria-hidden="true" size={20} />
          </IconButton>
        )}
        <IconButton label={t('ownStories.editStory')} onClick={onEdit}>
          <Pencil aria-hidden="true" size={20} />
        </IconButton>
        <IconButton
          label={t('ownStories.deleteStory')}
          onClick={onDelete}
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" size={20} />
        </IconButton>
      </div>
    </div>
  );
}
