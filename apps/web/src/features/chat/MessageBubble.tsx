import type { Message } from '@glimpse/contract';
import { AlertCircle, Ban, Check, CheckCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { renderAudio, renderStory } from './media-slots.tsx';
import { formatMessageTime } from './message-time.ts';
import { StoryReplyQuote } from './StoryReplyQuote.tsx';
import type { TimelineEntry } from './timeline.ts';
import { CreatorTipBody, UserTipBody } from './TipMessageBody.tsx';

interface MessageBubbleProps {
  entry: TimelineEntry;
  /** Broadcasts have no read receipts, and show who wrote each message of others. */
  inChannel: boolean;
  highlighted: boolean;
  onRetry: (entry: TimelineEntry) => void;
  onUpdate: (message: Message) => void;
  /** The pin menu around an own message of the channel's owner. */
  wrap?: (bubble: ReactNode) => ReactNode;
}

function MessageBody({ message, onUpdate }: { message: Message; onUpdate: (m: Message) => void }) {
  if (message.deleted) return <DeletedBody />;
  switch (message.type) {
    case 'audio':
      return renderAudio(message);
    case 'story':
      return renderStory(message);
    case 'user_tip':
      return <UserTipBody message={message} />;
    case 'creator_tip':
      return <CreatorTipBody message={message} onPaid={onUpdate} />;
    default:
      return <p className="break-words whitespace-pre-wrap">{message.message}</p>;
  }
}

/** What is left of a message its sender deleted for everyone. */
function DeletedBody() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-1.5 text-neutral-600 italic">
      <Ban aria-hidden="true" size={16} className="shrink-0" />
      {t('chat.message.deleted')}
    </p>
  );
}

/** One message: own on the right in the accent, others' on the left; time, read state, retry. */
export function MessageBubble({
  entry,
  inChannel,
  highlighted,
  onRetry,
  onUpdate,
  wrap = (bubble) => bubble,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const { message, delivery } = entry;
  const own = message.own;
  const bubble = (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-2xl px-3 py-2 text-base transition-shadow',
        own ? 'rounded-br-md bg-accent/15 text-neutral-900' : 'rounded-bl-md bg-neutral-100',
        delivery === 'failed' && 'border border-red-300',
        highlighted && 'ring-2 ring-accent',
      )}
    >
      {inChannel && !own && (
        <p className="text-xs font-semibold text-neutral-700">{message.sender_name}</p>
      )}
      {message.reply_to_story && <StoryReplyQuote quote={message.reply_to_story} own={own} />}
      <MessageBody message={message} onUpdate={onUpdate} />
      <p className="flex items-center justify-end gap-1 text-xs text-neutral-600">
        <time dateTime={message.date}>{formatMessageTime(message.date)}</time>
        {own && <DeliveryMark entry={entry} inChannel={inChannel} />}
      </p>
      {delivery === 'failed' && (
        <button
          type="button"
          onClick={() => onRetry(entry)}
          className="self-end rounded-lg px-2 py-1 text-sm font-semibold text-red-700 underline hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-accent"
        >
          {t('chat.message.retry')}
        </button>
      )}
    </div>
  );
  return (
    <li
      data-message-id={delivery === 'sent' ? message.id : undefined}
      className={cn('flex px-3 py-0.5', own ? 'justify-end' : 'justify-start')}
    >
      <div className="flex max-w-[80%] min-w-0 lg:max-w-[70%]">{wrap(bubble)}</div>
    </li>
  );
}

function DeliveryMark({ entry, inChannel }: { entry: TimelineEntry; inChannel: boolean }) {
  const { t } = useTranslation();
  if (entry.delivery === 'sending') {
    return (
      <span role="img" aria-label={t('chat.message.sending')} className="inline-flex">
        <Clock aria-hidden="true" size={14} />
      </span>
    );
  }
  if (entry.delivery === 'failed') {
    return (
      <span className="inline-flex items-center gap-1 text-red-700">
        <AlertCircle aria-hidden="true" size={14} />
        {t('chat.message.failed')}
      </span>
    );
  }
  if (inChannel) return null;
  const read = entry.message.is_read;
  return (
    <span
      role="img"
      aria-label={t(read ? 'chat.message.read' : 'chat.message.sent')}
      className={cn('inline-flex', read && 'text-accent-strong')}
    >
      {read ? <CheckCheck aria-hidden="true" size={14} /> : <Check aria-hidden="true" size={14} />}
    </span>
  );
}
