import './chat-media-texts.ts';
import type { Message } from '@glimpse/contract';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChatStoryFullscreen } from './ChatStoryFullscreen.tsx';
import { LockedChatStory } from './LockedChatStory.tsx';
import { previewSrc, type StoryMedia } from './story-media.ts';

export interface ChatStoryBubbleProps {
  message: Message;
  /** The story was just unlocked: the chat may fetch the message again. */
  onUnlocked?: () => void;
}

/**
 * Spec 3 "Story (in chats)": a story posted into the chat. Available: its picture, a video
 * badge and its text; a tap opens it full screen. Locked: the unlock card.
 */
export function ChatStoryBubble({ message, onUnlocked }: ChatStoryBubbleProps) {
  const { t } = useTranslation();
  // Set once unlocked here: the media, or null while the chat's copy is still the locked one.
  const [unlocked, setUnlocked] = useState<{ media: StoryMedia | null } | null>(null);
  const [open, setOpen] = useState(false);
  const story = message.story;

  if (!story) {
    return <p className="text-sm text-neutral-600 italic">{t('chatMedia.story.unavailable')}</p>;
  }
  const media: StoryMedia | null = story.isAvailable ? story : (unlocked?.media ?? null);

  if (!media) {
    if (unlocked) {
      return (
        <div className="flex h-56 w-40 flex-col items-center justify-center gap-2 rounded-2xl bg-neutral-100 p-3 text-center text-sm text-neutral-700">
          <Spinner />
          <p>{t('chatMedia.story.unlockedLoading')}</p>
        </div>
      );
    }
    return (
      <LockedChatStory
        story={story}
        onUnlocked={(fresh) => {
          setUnlocked({ media: fresh });
          onUnlocked?.();
        }}
      />
    );
  }

  const picture = previewSrc(media);
  return (
    <div className="flex w-40 flex-col gap-1.5">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t(media.is_video ? 'chatMedia.story.openVideo' : 'chatMedia.story.open', {
          name: story.name,
        })}
        className={cn(
          'media-surface relative h-56 w-40 overflow-hidden rounded-2xl bg-neutral-900 text-white',
          focusRing,
        )}
      >
        {picture && (
          <img
            src={picture}
            alt=""
            loading="lazy"
            draggable={false}
            className="size-full object-cover"
          />
        )}
        {media.is_video && (
          <span
            aria-hidden="true"
            className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold"
          >
            <Play aria-hidden="true" size={12} />
            {t('chatMedia.story.video')}
          </span>
        )}
      </button>
      {media.text && <p className="text-sm break-words whitespace-pre-line">{media.text}</p>}
      {open && (
        <ChatStoryFullscreen media={media} name={story.name} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}
