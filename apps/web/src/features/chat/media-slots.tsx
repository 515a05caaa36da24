import type { Message } from '@glimpse/contract';
import { Camera } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { IconButton } from '../../ui/Button.tsx';

/**
 * The seams where voice messages, photos and stories plug into the chat. The chat decides where
 * and for whom they show (channel roles, the permission check); the media feature decides what
 * they are. Until the integrator points these at that feature's components (AudioMessagePlayer,
 * ChatStoryBubble, the camera flow and the hold-to-record mic), they render plain, accessible
 * stand-ins.
 */

/** What a composer control for media gets from the open chat. */
export interface ComposerMediaContext {
  chatId: number;
  isChannel: boolean;
  /** The companion of a direct chat (the audio upload's `receiverId`); null in a channel. */
  receiverId: number | null;
  /**
   * Runs the checks before a direct message (messages turned off, permission to send, the paid
   * options dialog); resolves true when the message may go. Always true in a channel.
   */
  ensureCanSend: () => Promise<boolean>;
  /** A new `client_id` for a message, so a retried upload is stored once. */
  newClientId: () => string;
  /** Puts a message the control posted into the list (it is de-duplicated with the event's copy). */
  onMessageSent: (message: Message) => void;
  /** Opens the chat's photo flow, when the screen has one to open. */
  onPhotoRequest?: () => void;
}

/** A voice message's body. Stand-in: the browser's own player. */
export function renderAudio(message: Message): ReactNode {
  return <AudioFallback message={message} />;
}

/** A story posted into the chat. Stand-in: its picture, or what unlocking it costs. */
export function renderStory(message: Message): ReactNode {
  return <StoryFallback message={message} />;
}

/** The composer's photo button (shown while the input is empty, for who may post photos). */
export function renderPhotoButton(context: ComposerMediaContext): ReactNode {
  return context.onPhotoRequest ? <PhotoButtonFallback onClick={context.onPhotoRequest} /> : null;
}

/** The hold-to-record mic (shown while the input is empty, for who may record). Stand-in: none. */
export function renderMic(_context: ComposerMediaContext): ReactNode {
  return null;
}

function AudioFallback({ message }: { message: Message }) {
  const { t } = useTranslation();
  if (!message.audio_file_url) return <span>{t('chat.preview.audio')}</span>;
  return (
    <audio
      controls
      preload="metadata"
      src={message.audio_file_url}
      aria-label={t('chat.media.voiceMessage')}
      className="max-w-full"
    />
  );
}

function StoryFallback({ message }: { message: Message }) {
  const { t } = useTranslation();
  const story = message.story;
  if (!story) return <span>{t('chat.preview.photo')}</span>;
  if (!story.isAvailable) {
    return (
      <span className="font-medium">
        {t('chat.media.lockedStory', { price: formatMoney(story.price ?? 0) })}
      </span>
    );
  }
  const image = story.overlay_image_src ?? story.overlay_src;
  if (!image) return <span>{t('chat.preview.photo')}</span>;
  return (
    <img
      src={image}
      alt={story.text || t('chat.media.storyAlt', { name: story.name })}
      loading="lazy"
      className="max-h-80 w-full max-w-60 rounded-xl object-cover"
    />
  );
}

function PhotoButtonFallback({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton label={t('chat.composer.photo')} onClick={onClick}>
      <Camera aria-hidden="true" size={22} />
    </IconButton>
  );
}
