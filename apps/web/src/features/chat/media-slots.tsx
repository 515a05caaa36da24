import type { Message } from '@glimpse/contract';
import type { ReactNode } from 'react';
import {
  AudioMessagePlayer,
  AudioRecorderButton,
  ChatPhotoButton,
  ChatStoryBubble,
} from '../chat-media/index.ts';

/**
 * Where voice messages, photos and stories plug into the chat. The chat decides where and for
 * whom they show (channel roles, the permission check); features/chat-media decides what they
 * are.
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
  /** Puts a message the control posted into the list (it is de-duplicated with the event's copy). */
  onMessageSent: (message: Message) => void;
}

/** What the composer adds for its mic: it makes room for the recording pill. */
export interface MicContext extends ComposerMediaContext {
  onRecordingChange: (recording: boolean) => void;
}

/** A voice message's body: the inline player. */
export function renderAudio(message: Message): ReactNode {
  return (
    <AudioMessagePlayer
      src={message.audio_file_url}
      duration={message.audio_duration}
      own={message.own}
    />
  );
}

/** A story posted into the chat: its preview, or the unlock card while locked. */
export function renderStory(message: Message): ReactNode {
  return <ChatStoryBubble message={message} />;
}

/** The composer's photo button (shown while the input is empty, for who may post photos). */
export function renderPhotoButton(context: ComposerMediaContext): ReactNode {
  return (
    <ChatPhotoButton
      destination={context.isChannel ? 'broadcast' : 'chat'}
      chatId={context.chatId}
      beforeOpen={context.ensureCanSend}
    />
  );
}

/** The hold-to-record mic (shown while the input is empty, for who may record). */
export function renderMic(context: MicContext): ReactNode {
  return (
    <AudioRecorderButton
      target={
        context.receiverId === null
          ? { chatId: context.chatId }
          : { receiverId: context.receiverId }
      }
      beforeRecord={context.ensureCanSend}
      onSent={context.onMessageSent}
      // The recorder says what went wrong beside the mic; nothing to add here.
      onError={() => undefined}
      onRecordingChange={context.onRecordingChange}
    />
  );
}
