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
          className="media-surface fixed inset-0 z-[60] flex flex-col bg-black text-white focus-visible:outline-none"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{t('ownStories.fullScreen')}</RadixDialog.Title>
          </VisuallyHidden.Root>
          {/* Close sits in a bar of its own above the media, on black: over the picture it needed
              a dark disc, which showed only where it overlapped the picture (half a disc). */}
          <div className="flex shrink-0 justify-end p-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
            <RadixDialog.Close asChild>
              <IconButton tone="overlay" label={t('ownStories.closeFullScreen')}>
                <X aria-hidden="true" size={24} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {/* The media fills the space above the caption, never the space under it: a video's
              native controls sit at its bottom edge, where an overlaid caption would cover them. */}
          <div data-testid="full-screen-media" className="relative min-h-0 flex-1">
            <StoryMedia story={story} variant="full" className="absolute inset-0 size-full" />
          </div>
          {story.text && (
            <p className="max-h-[30dvh] shrink-0 overflow-y-auto p-4 pb-[max(1rem,env(safe-area-inset-bottom))] break-words whitespace-pre-line">
              {story.text}
            </p>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
