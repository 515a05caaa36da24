import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { modalOverlayClass, sheetPanelClass } from '../../ui/modal-surfaces.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { NewStoryButton } from '../story-posting/index.ts';
import { LoadError } from './LoadError.tsx';
import { OwnStoriesPanel } from './OwnStoriesPanel.tsx';
import { useOwnStories } from './own-stories.queries.ts';

interface OwnStoriesMenuProps {
  onClose: () => void;
}

/** The own-story menu (spec 2), opened from the own avatar: a sheet over the profile. */
export function OwnStoriesMenu({ onClose }: OwnStoriesMenuProps) {
  const { t } = useTranslation();
  const stories = useOwnStories();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={modalOverlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={`${sheetPanelClass} focus-visible:outline-none`}
        >
          <div className="flex items-center justify-between px-4 pt-3">
            <RadixDialog.Title className="text-lg font-semibold">
              {t('ownStories.title')}
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={t('ownStories.close')} className="-mr-2">
                <X aria-hidden="true" size={22} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {stories.isPending ? (
            <Spinner className="self-center p-6" />
          ) : stories.isError ? (
            <LoadError onRetry={() => void stories.refetch()} />
          ) : stories.data.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-6 text-neutral-700">
              <p>{t('ownStories.empty')}</p>
              <NewStoryButton />
            </div>
          ) : (
            <OwnStoriesPanel stories={stories.data} onClose={onClose} />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
