import type { StoryReplyQuote as Quote } from '@glimpse/contract';
import { ImageOff, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/**
 * The story a message replies to (a reply from the story viewer), above the message's text: a
 * small picture of it when the reader may see its content, a lock when it is priced and locked
 * for them, "Story no longer available" once it is gone.
 */
export function StoryReplyQuote({ quote, own }: { quote: Quote; own: boolean }) {
  const { t } = useTranslation();
  const label = !quote.available
    ? t('chat.storyReply.unavailable')
    : t(own ? 'chat.storyReply.own' : 'chat.storyReply.other');
  return (
    <div
      data-testid="story-reply-quote"
      className="flex items-center gap-2 rounded-lg border-l-4 border-accent/60 bg-black/5 py-1 pr-3 pl-1.5 text-sm text-neutral-700"
    >
      {quote.available && quote.thumb_url ? (
        <img
          src={quote.thumb_url}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-12 w-8 shrink-0 rounded object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'flex h-12 w-8 shrink-0 items-center justify-center rounded bg-neutral-200 text-neutral-500',
          )}
        >
          {quote.available ? <Lock size={14} /> : <ImageOff size={14} />}
        </span>
      )}
      <span className="min-w-0">{label}</span>
    </div>
  );
}
