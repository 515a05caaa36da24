import type { Message } from '@glimpse/contract';
import { Fragment, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { dayKey, daysAgo, separatorDate } from './message-time.ts';
import type { TimelineEntry } from './timeline.ts';

interface MessageListProps {
  entries: TimelineEntry[];
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  loadingOlder: boolean;
  inChannel: boolean;
  /** Who is typing, for the indicator at the end of the list; null when nobody is. */
  typingName: string | null;
  highlightedId: number | null;
  onRetry: (entry: TimelineEntry) => void;
  onUpdate: (message: Message) => void;
  /** Wraps a stored message's bubble in its menu (copy, pin, delete), where it has one. */
  messageWrap?: (message: Message) => ((bubble: ReactNode) => ReactNode) | undefined;
}

function DateSeparator({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const days = daysAgo(iso);
  const label =
    days === 0 ? t('chat.day.today') : days === 1 ? t('chat.day.yesterday') : separatorDate(iso);
  return (
    <li className="flex justify-center py-2">
      <span className="rounded-full bg-neutral-100 px-3 py-1 text-xs font-medium text-neutral-700">
        {label}
      </span>
    </li>
  );
}

/**
 * The conversation: messages oldest first under date separators, the typing indicator at the
 * end. A live log for screen readers: new messages are announced as they come.
 */
export function MessageList({
  entries,
  scrollRef,
  onScroll,
  loadingOlder,
  inChannel,
  typingName,
  highlightedId,
  onRetry,
  onUpdate,
  messageWrap,
}: MessageListProps) {
  const { t } = useTranslation();
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label={t('chat.message.listLabel')}
      // Focusable so a keyboard can scroll the history.
      tabIndex={0}
      // Relative: whatever a message places absolutely scrolls with the list, inside it.
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
    >
      {loadingOlder && (
        <div className="flex justify-center py-2">
          <Spinner label={t('chat.message.loadingOlder')} />
        </div>
      )}
      {entries.length === 0 && (
        <p className="px-6 py-12 text-center text-sm text-neutral-600">{t('chat.message.empty')}</p>
      )}
      <ol className="flex flex-col">
        {entries.map((entry, index) => {
          const previous = entries[index - 1];
          const newDay = !previous || dayKey(previous.message.date) !== dayKey(entry.message.date);
          return (
            <Fragment key={entry.key}>
              {newDay && <DateSeparator iso={entry.message.date} />}
              <MessageBubble
                entry={entry}
                inChannel={inChannel}
                highlighted={entry.delivery === 'sent' && entry.message.id === highlightedId}
                onRetry={onRetry}
                onUpdate={onUpdate}
                wrap={entry.delivery === 'sent' ? messageWrap?.(entry.message) : undefined}
              />
            </Fragment>
          );
        })}
      </ol>
      {/* Always there, so screen readers know the region before anyone types. */}
      <p role="status" className="min-h-7 px-4 py-1 text-sm text-neutral-600 italic">
        {typingName !== null && t('chat.typing', { name: typingName })}
      </p>
    </div>
  );
}
