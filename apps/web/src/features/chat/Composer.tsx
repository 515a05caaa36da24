import { MESSAGE_TEXT_MAX } from '@glimpse/contract';
import { CircleDollarSign, SendHorizontal } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { cn } from '../../ui/cn.ts';
import { renderMic, renderPhotoButton, type ComposerMediaContext } from './media-slots.tsx';

/** What the viewer may do in this chat (spec 6). */
export interface ComposerRoles {
  /** A direct chat, or a channel the viewer does not own. */
  canTip: boolean;
  /** A direct chat, or the viewer's own channel: photos and voice messages. */
  canPostMedia: boolean;
}

interface ComposerProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  /** The permission check is running: sending waits for it. */
  busy: boolean;
  roles: ComposerRoles;
  onTip: () => void;
  /** The typing whisper (throttled by the caller). */
  onTyping: () => void;
  media: ComposerMediaContext;
}

/**
 * Spec 2: the tip (dollar) button, the text input, and the photo button and mic while the input
 * is empty, or the send button once there is text. Enter sends; Shift+Enter starts a new line.
 */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  busy,
  roles,
  onTip,
  onTyping,
  media,
}: ComposerProps) {
  const { t } = useTranslation();
  const hasText = draft.trim().length > 0;
  // A voice message is being recorded: its pill takes the row up to the mic.
  const [recording, setRecording] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (hasText && !busy) onSend();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (hasText && !busy) onSend();
      return;
    }
    // Keys that write or erase; arrows, Tab and shortcuts are not typing.
    const writes = event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete';
    if (writes && !event.ctrlKey && !event.metaKey) onTyping();
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="flex items-end gap-1 border-t border-neutral-200 bg-white px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      {roles.canTip && !recording && (
        <IconButton label={t('chat.composer.tip')} onClick={onTip}>
          <CircleDollarSign aria-hidden="true" size={24} />
        </IconButton>
      )}
      <textarea
        aria-label={t('chat.composer.input')}
        placeholder={t('chat.composer.placeholder')}
        rows={1}
        maxLength={MESSAGE_TEXT_MAX}
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={handleKeyDown}
        hidden={recording}
        className={cn(inputClass, 'max-h-32 min-h-11 flex-1 resize-none py-2.5 leading-6')}
      />
      {hasText ? (
        <IconButton
          type="submit"
          label={t('chat.composer.send')}
          disabled={busy}
          aria-busy={busy}
          className="text-accent-strong disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" size={24} />
        </IconButton>
      ) : (
        roles.canPostMedia && (
          <>
            {!recording && renderPhotoButton(media)}
            {renderMic({ ...media, onRecordingChange: setRecording })}
          </>
        )
      )}
    </form>
  );
}
