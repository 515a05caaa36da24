import { CAROUSEL_ITEM_WIDTH_PX, type OwnStory } from '@glimpse/contract';
import { Lock } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { cn } from '../../ui/cn.ts';
import { StoryMedia } from './StoryMedia.tsx';

interface StoryCarouselProps {
  stories: OwnStory[];
  currentId: number;
  onSelect: (id: number) => void;
  /** Double-click or Enter: show the story full screen. */
  onOpen: (id: number) => void;
}

/**
 * The own stories side by side (~88 px each). Swiping scrolls with snap points; a click picks
 * the current story, a double-click opens it; the arrow keys, Home and End move, Enter opens.
 */
export function StoryCarousel({ stories, currentId, onSelect, onOpen }: StoryCarouselProps) {
  const { t } = useTranslation();
  const itemRefs = useRef(new Map<number, HTMLLIElement>());
  const currentIndex = Math.max(
    0,
    stories.findIndex((story) => story.id === currentId),
  );

  function handleMoveTo(index: number) {
    const story = stories[Math.min(Math.max(index, 0), stories.length - 1)];
    if (!story) return;
    onSelect(story.id);
    const item = itemRefs.current.get(story.id);
    item?.focus();
    item?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moves: Record<string, number> = {
      ArrowRight: currentIndex + 1,
      ArrowLeft: currentIndex - 1,
      Home: 0,
      End: stories.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      handleMoveTo(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(currentId);
    }
  }

  return (
    <ul
      role="listbox"
      aria-label={t('ownStories.carousel')}
      aria-orientation="horizontal"
      onKeyDown={handleKeyDown}
      // The snap points keep the padding (scroll-px): without it the first story snapped flush
      // to the edge, its border and focus ring cut off.
      className="flex snap-x snap-mandatory scroll-px-4 gap-2 overflow-x-auto overscroll-x-contain px-4 py-2"
    >
      {stories.map((story, index) => {
        const selected = story.id === currentId;
        return (
          <li
            key={story.id}
            ref={(node) => {
              if (node) itemRefs.current.set(story.id, node);
              else itemRefs.current.delete(story.id);
            }}
            role="option"
            aria-selected={selected}
            aria-label={t('ownStories.item', {
              n: index + 1,
              total: stories.length,
              price: story.price === null ? undefined : formatMoney(story.price),
              context: story.is_processing
                ? 'processing'
                : story.status === 'in_review'
                  ? 'in_review'
                  : story.processing_error
                    ? 'failed'
                    : story.price !== null
                      ? 'priced'
                      : undefined,
            })}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(story.id)}
            onDoubleClick={() => onOpen(story.id)}
            style={{ width: CAROUSEL_ITEM_WIDTH_PX }}
            className={cn(
              'relative aspect-[9/16] shrink-0 cursor-pointer snap-start overflow-hidden rounded-xl border-2',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              selected ? 'border-accent' : 'border-transparent',
            )}
          >
            <StoryMedia
              story={story}
              variant="thumbnail"
              className="pointer-events-none size-full"
            />
            {story.price !== null && <PriceBadge price={story.price} />}
          </li>
        );
      })}
    </ul>
  );
}

/** A priced story's lock and price on its thumbnail (the item's name says it too). */
function PriceBadge({ price }: { price: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="price-badge"
      className="pointer-events-none absolute bottom-1 left-1 inline-flex max-w-[calc(100%-0.5rem)] items-center gap-0.5 rounded-full bg-black/70 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white"
    >
      <Lock aria-hidden="true" size={10} strokeWidth={3} />
      <span className="truncate">{formatMoney(price)}</span>
    </span>
  );
}
