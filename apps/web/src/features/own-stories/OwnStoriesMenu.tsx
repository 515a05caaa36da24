import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
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
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[90dvh] w-full max-w-[480px] flex-col gap-3 overflow-y-auto rounded-t-2xl bg-white pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-xl focus-visible:outline-none"
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
