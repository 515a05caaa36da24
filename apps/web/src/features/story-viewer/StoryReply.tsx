import { MESSAGE_TEXT_MAX, STORY_REACTIONS, type Story } from '@glimpse/contract';
import { SendHorizontal } from 'lucide-react';
import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { focusRing, IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { newIdempotencyKey } from '../money/index.ts';
import { replyRefusalText } from './reply-refusal.ts';
import { useReplyToStory } from './story-viewer.queries.ts';

interface StoryReplyProps {
  story: Story;
  creatorName: string;
  /** The story waits while a reply is being written. */
  onComposingChange: (composing: boolean) => void;
  /** Closes the viewer and opens the direct chat with the creator ("View" after sending). */
  onOpenChat: (userId: number) => void;
  /** Gives the focus back to the viewer itself (its keys work again, the keyboard closes). */
  onDone: () => void;
}

/**
 * Reply to another creator's story: a text field and, while it is in use, a row of quick
 * reactions (each sent as a reply of that one emoji). A reply is a direct message quoting the
 * story, under the creator's message rules; once sent, a snackbar offers the chat and the
 * viewer stays open.
 */
export function StoryReply({
  story,
  creatorName,
  onComposingChange,
  onOpenChat,
  onDone,
}: StoryReplyProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const reply = useReplyToStory();
  const [text, setText] = useState('');
  const [composing, setComposing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function changeComposing(next: boolean) {
    if (next === composing) return;
    setComposing(next);
    onComposingChange(next);
  }

  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    // Moving between the field and the reactions is still writing a reply.
    if (!formRef.current?.contains(event.relatedTarget as Node | null)) changeComposing(false);
  }

  function send(message: string) {
    const body = message.trim();
    if (!body || reply.isPending) return;
    const openChat = { label: t('viewer.reply.view'), onClick: () => onOpenChat(story.user_id) };
    reply.mutate(
      { storyId: story.id, text: body, clientId: newIdempotencyKey() },
      {
        onSuccess: () => {
          setText('');
          notify.success(t('viewer.reply.sent'), openChat);
          onDone();
        },
        onError: (error) => {
          const message = replyRefusalText(t, error, creatorName);
          // Paying opens messages: the chat offers the creator's options.
          if (isApiError(error, 'should_pay_option')) notify.info(message, openChat);
          else notify.error(message);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(text);
  }

  return (
    <form
      ref={formRef}
      aria-label={t('viewer.reply.label', { name: creatorName })}
      onSubmit={handleSubmit}
      onFocus={() => changeComposing(true)}
      onBlur={handleBlur}
      className="pointer-events-auto flex flex-col gap-2"
    >
      {/* Hidden, not unmounted, when the reply ends: a node removed while the focus moves on
          (Tab out of the field) made Radix's focus trap pull the focus back to the viewer. */}
      <div
        role="group"
        aria-label={t('viewer.reply.reactions')}
        hidden={!composing}
        className="flex items-center justify-around"
      >
        {STORY_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-label={t('viewer.reply.react', { emoji })}
            disabled={reply.isPending}
            // Keeps the focus in the field: a press here must not end the reply first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => send(emoji)}
            className={cn(
              'inline-flex size-11 items-center justify-center rounded-full text-2xl leading-none transition-transform hover:scale-110 disabled:opacity-50',
              focusRing,
            )}
          >
            {emoji}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <input
          type="text"
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          enterKeyHint="send"
          autoComplete="off"
          aria-label={t('viewer.reply.field', { name: creatorName })}
          placeholder={t('viewer.reply.placeholder', { name: creatorName })}
          onChange={(event) => setText(event.target.value)}
          className={cn(
            'min-h-11 min-w-0 flex-1 rounded-full border border-white/60 bg-black/25 px-4 text-base text-white placeholder:text-white/75',
            'focus-visible:border-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
          )}
        />
        {text.trim() && (
          <IconButton
            type="submit"
            tone="overlay"
            label={t('viewer.reply.send')}
            disabled={reply.isPending}
          >
            <SendHorizontal aria-hidden="true" size={22} />
          </IconButton>
        )}
      </div>
    </form>
  );
}
