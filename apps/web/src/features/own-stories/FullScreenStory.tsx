import type { OwnStory } from '@glimpse/contract';
import { X } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { IconButton } from '../../ui/Button.tsx';
import { StoryMedia } from './StoryMedia.tsx';

interface FullScreenStoryProps {
  story: OwnStory;
  onClose: () => void;
}

/** One own story over the whole screen; the bottom navigation hides until it closes (spec 2). */
export function FullScreenStory({ story, onClose }: FullScreenStoryProps) {
  const { t } = useTranslation();
  useHideBottomNav(true);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-[60] flex flex-col bg-black text-white focus-visible:outline-none"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{t('ownStories.fullScreen')}</RadixDialog.Title>
          </VisuallyHidden.Root>
          <StoryMedia story={story} variant="full" className="absolute inset-0 size-full" />
          <div className="relative z-10 flex justify-end p-2">
            <RadixDialog.Close asChild>
              <IconButton
                label={t('ownStories.closeFullScreen')}
                className="text-white hover:bg-white/15"
              >
                <X aria-hidden="true" size={24} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {story.text && (
            <p className="pointer-events-none relative z-10 mt-auto bg-gradient-to-t from-black/80 to-transparent p-4 pb-8 whitespace-pre-line">
              {story.text}
            </p>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
